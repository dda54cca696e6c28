import { Flame } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { lastActiveText } from '../../lib/last-active';
import { useHotlist } from './api/lists';
import { ActionButton } from './components/ActionButton';
import { ConnectionList } from './components/ConnectionList';
import { joinedText } from './when';

const copy = messages.connections;

/**
 * /hotlist: members the member keeps an eye on, newest added first, private to them. Each shows
 * when they were last active (unless they hide it) and when they joined; their updates arrive with
 * the Updates feed.
 */
export default function HotlistPage() {
  const query = useHotlist();
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold">{copy.hotlistTitle}</h1>
        <p className="text-sm text-muted">{copy.hotlistSubtitle}</p>
        <p className="text-xs text-muted">{copy.updatesLater}</p>
      </div>
      <ConnectionList
        query={query}
        what="your hotlist"
        empty={{ icon: <Flame aria-hidden size={28} />, title: copy.noHotlist, line: copy.noHotlistLine }}
        details={(item) => (
          <>
            {item.lastActiveAt && <span className="text-xs text-muted">{lastActiveText(item.lastActiveAt)}</span>}
            <span className="text-xs text-muted">{joinedText(item.joinedAt)}</span>
          </>
        )}
        actions={({ member: m }) => <ActionButton action="hotlistRemove" userId={m.userId} name={m.displayName} label="Remove" />}
      />
    </div>
  );
}
