import { Flame } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { lastActiveText } from '../../lib/last-active';
import { useHotlistUpdates } from '../../lib/activity';
import { useHotlist } from './api/lists';
import { ActionButton } from './components/ActionButton';
import { ConnectionList } from './components/ConnectionList';
import { joinedText, whenText } from './when';

const copy = messages.connections;

/**
 * /hotlist: members the member keeps an eye on, newest added first, private to them. Each shows
 * when they were last active (unless they hide it), when they joined, and their latest new content.
 */
export default function HotlistPage() {
  const query = useHotlist();
  const latest = useHotlistUpdates();
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold">{copy.hotlistTitle}</h1>
        <p className="text-sm text-muted">{copy.hotlistSubtitle}</p>
        <p className="text-xs text-muted">{copy.hotlistUpdatesLine}</p>
      </div>
      <ConnectionList
        query={query}
        what="your hotlist"
        empty={{ icon: <Flame aria-hidden size={28} />, title: copy.noHotlist, line: copy.noHotlistLine }}
        details={(item) => (
          <>
            {item.lastActiveAt && <span className="text-xs text-muted">{lastActiveText(item.lastActiveAt)}</span>}
            <span className="text-xs text-muted">{joinedText(item.joinedAt)}</span>
            {latest.has(item.member.userId) && (
              <span className="text-xs text-pink-300">{copy.latestContent(whenText(latest.get(item.member.userId)!.at))}</span>
            )}
          </>
        )}
        actions={({ member: m }) => <ActionButton action="hotlistRemove" userId={m.userId} name={m.displayName} label="Remove" />}
      />
    </div>
  );
}
