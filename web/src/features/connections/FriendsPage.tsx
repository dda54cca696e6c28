import { Link, useSearchParams } from 'react-router';
import { Send, UserPlus, Users } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { FRIENDS_TABS, type FriendsTab } from '@velvet/core/schemas/connection.schema';
import { CountBadge } from '../../components/ui/Badge';
import { buttonClass } from '../../components/ui/Button';
import { TabPanel, Tabs } from '../../components/ui/Tabs';
import { useConnectionsSummary } from '../../lib/connections';
import { useFriends } from './api/lists';
import { useMarkSeen } from './api/mark-seen';
import { ActionButton } from './components/ActionButton';
import { ConnectionList } from './components/ConnectionList';
import { RemoveFriend } from './components/RemoveFriend';

const copy = messages.connections;
const isTab = (v: string | null): v is FriendsTab => FRIENDS_TABS.includes(v as FriendsTab);

/** /friends: friends, invites received (Accept / Decline) and invites sent (Cancel). Opening it marks invites seen. */
export default function FriendsPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: FriendsTab = isTab(raw) ? raw : 'friends';
  const summary = useConnectionsSummary();
  useMarkSeen('invites');

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold">{copy.friendsTitle}</h1>
        <p className="text-sm text-muted">{copy.friendsSubtitle}</p>
      </div>
      <Tabs
        label="Friends and invites"
        value={tab}
        onChange={(next) => setParams(next === 'friends' ? {} : { tab: next }, { replace: true })}
        items={[
          { value: 'friends', label: 'Friends' },
          {
            value: 'received',
            label: 'Invites',
            badge: <CountBadge count={summary?.friendInvites} label={`${summary?.friendInvites ?? 0} invites`} />,
          },
          { value: 'sent', label: 'Sent' },
        ]}
      >
        <TabPanel value={tab}>
          <FriendsTabPanel tab={tab} />
        </TabPanel>
      </Tabs>
    </div>
  );
}

function FriendsTabPanel({ tab }: { tab: FriendsTab }) {
  const query = useFriends(tab);
  if (tab === 'received')
    return (
      <ConnectionList
        query={query}
        what="your friend invites"
        empty={{ icon: <UserPlus aria-hidden size={28} />, title: copy.noReceived, line: copy.noReceivedLine }}
        actions={({ member: m }) => (
          <>
            <ActionButton action="accept" userId={m.userId} name={m.displayName} label="Accept" variant="primary" />
            <ActionButton action="decline" userId={m.userId} name={m.displayName} label="Decline" />
          </>
        )}
      />
    );
  if (tab === 'sent')
    return (
      <ConnectionList
        query={query}
        what="the invites you sent"
        empty={{ icon: <Send aria-hidden size={28} />, title: copy.noSent, line: copy.noSentLine }}
        actions={({ member: m }) => <ActionButton action="cancel" userId={m.userId} name={m.displayName} label="Cancel" />}
      />
    );
  return (
    <ConnectionList
      query={query}
      what="your friends"
      empty={{ icon: <Users aria-hidden size={28} />, title: copy.noFriends, line: copy.noFriendsLine }}
      actions={({ member: m }) => (
        <>
          <Link to={`/messages/${encodeURIComponent(m.userId)}`} className={buttonClass('primary', 'w-full')}>
            Message<span className="sr-only"> {m.displayName}</span>
          </Link>
          <RemoveFriend userId={m.userId} name={m.displayName} />
        </>
      )}
    />
  );
}
