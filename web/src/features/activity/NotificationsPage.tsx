import { useState } from 'react';
import { messages } from '@velvet/core/messages';
import { CountBadge } from '../../components/ui/Badge';
import { Tabs, TabPanel } from '../../components/ui/Tabs';
import { useActivityUnread } from '../../lib/activity';
import { ActivityList } from './components/ActivityList';
import { MarkAllRead } from './components/MarkAllRead';

const copy = messages.activity;
type Show = 'all' | 'unread';

/** /notifications: the same records as Updates, with read and unread state, an Unread tab and "Mark all read". */
export default function NotificationsPage() {
  const [show, setShow] = useState<Show>('all');
  const unread = useActivityUnread();
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold">{copy.notificationsTitle}</h1>
          <p className="text-sm text-muted">{copy.notificationsSubtitle}</p>
        </div>
        <MarkAllRead />
      </div>
      <Tabs
        label={copy.notificationsTitle}
        items={[
          { value: 'all', label: 'All' },
          { value: 'unread', label: copy.unread, badge: <CountBadge count={unread} label={copy.badge(unread)} /> },
        ]}
        value={show}
        onChange={setShow}
      >
        <TabPanel value={show}>
          <ActivityList unreadOnly={show === 'unread'} />
        </TabPanel>
      </Tabs>
    </div>
  );
}
