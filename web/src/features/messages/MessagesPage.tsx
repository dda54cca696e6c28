import { useSearchParams } from 'react-router';
import { messages } from '@velvet/core/messages';
import { CountBadge } from '../../components/ui/Badge';
import { TabPanel, Tabs } from '../../components/ui/Tabs';
import { useSession } from '../../lib/session';
import { useUnreadCount } from '../../lib/unread-messages';
import { ConversationList } from './components/ConversationList';
import { SentList } from './components/SentList';

type Tab = 'inbox' | 'sent' | 'saved';
const TABS: Tab[] = ['inbox', 'sent', 'saved'];

/** The Inbox tab's unread count: its own component, so a new count redraws the badge alone, not the list under the tabs. */
function InboxUnreadBadge() {
  const unread = useUnreadCount();
  return <CountBadge count={unread} label={`${unread} unread`} />;
}

/** /messages: Inbox, Sent and Saved (spec §2 Messages); a conversation opens at /messages/:userId. */
export default function MessagesPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t === params.get('tab')) ?? 'inbox';
  const { user } = useSession();
  if (!user) return null;

  return (
    <div className="grid grid-cols-1 gap-4">
      <h1 className="text-2xl font-bold">Messages</h1>
      <Tabs
        label="Messages"
        value={tab}
        onChange={(t) => setParams(t === 'inbox' ? {} : { tab: t }, { replace: true })}
        items={[
          { value: 'inbox', label: messages.messaging.inbox, badge: <InboxUnreadBadge /> },
          { value: 'sent', label: messages.messaging.sentTab },
          { value: 'saved', label: messages.messaging.savedTab },
        ]}
      >
        <TabPanel value="inbox">
          <ConversationList kind="inbox" me={user.id} />
        </TabPanel>
        <TabPanel value="sent">
          <SentList />
        </TabPanel>
        <TabPanel value="saved">
          <ConversationList kind="saved" me={user.id} />
        </TabPanel>
      </Tabs>
    </div>
  );
}
