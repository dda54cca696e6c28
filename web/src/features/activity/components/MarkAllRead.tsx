import { CheckCheck } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../components/ui/toast-store';
import { useActivityUnread, useMarkAllActivityRead } from '../../../lib/activity';

/** "Mark all read": shown while something is unread; the badge clears at once. */
export function MarkAllRead() {
  const unread = useActivityUnread();
  const markAll = useMarkAllActivityRead();
  if (!unread) return null;
  return (
    <Button
      variant="secondary"
      loading={markAll.isPending}
      onClick={() =>
        markAll.mutate(undefined, {
          onSuccess: () => toast({ title: messages.activity.markedAllRead, variant: 'success' }),
          onError: () => toast({ title: 'Error', description: messages.connections.failed, variant: 'destructive' }),
        })
      }
    >
      <CheckCheck aria-hidden size={18} /> {messages.activity.markAllRead}
    </Button>
  );
}
