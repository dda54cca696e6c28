import { Fragment, useLayoutEffect, useRef, useState } from 'react';
import type { MessageDto } from '@velvet/core/schemas/message.schema';
import { messages } from '@velvet/core/messages';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../components/ui/toast-store';
import { useDeleteMessage } from '../api/delete-message';
import type { PendingMessage } from '../outbox';
import { dayLabel, sameDay } from '../format';
import { useToday } from '../../../lib/day-clock';
import { ReportDialog } from '../../moderation/ReportDialog';
import { MessageBubble, PendingBubble } from './MessageBubble';

interface Props {
  me: string;
  otherId: string;
  otherName: string;
  items: MessageDto[];
  pending: PendingMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}

/** How close to the bottom (px) still counts as "reading the latest": new messages keep it there. */
const STICKY_PX = 120;

/** The chat panel: 400 px high on a phone (spec §2), the thread with day separators, newest at the bottom. */
export function MessageList({ me, otherId, otherName, items, pending, hasOlder, loadingOlder, onLoadOlder }: Props) {
  const panel = useRef<HTMLDivElement>(null);
  // 'Today' above this morning's messages becomes 'Yesterday' at midnight on a chat left open
  const today = useToday();
  const stick = useRef(true);
  const beforeOlder = useRef<{ height: number; top: number } | null>(null);
  const remove = useDeleteMessage(otherId);
  const [reporting, setReporting] = useState<string | null>(null);
  const deletingId = remove.isPending ? remove.variables : null;
  const lastKey = pending.at(-1)?.clientId ?? items.at(-1)?.id;
  const firstKey = items[0]?.id;

  // older messages were put on top: keep what the member was reading where it was
  useLayoutEffect(() => {
    const el = panel.current;
    const saved = beforeOlder.current;
    if (el && saved) {
      el.scrollTop = el.scrollHeight - saved.height + saved.top;
      beforeOlder.current = null;
    }
  }, [firstKey]);

  // a new message at the bottom: follow it when the member was at the bottom or sent it
  useLayoutEffect(() => {
    const el = panel.current;
    const mineLast = pending.length > 0 || items.at(-1)?.senderId === me;
    if (el && (stick.current || mineLast)) el.scrollTop = el.scrollHeight;
  }, [lastKey, pending.length, items, me]);

  const loadOlder = () => {
    const el = panel.current;
    if (el) beforeOlder.current = { height: el.scrollHeight, top: el.scrollTop };
    onLoadOlder();
  };

  const del = (id: string) =>
    remove.mutate(id, {
      onSuccess: () => toast({ title: messages.messaging.deletedTitle, description: messages.messaging.deleted, variant: 'success' }),
      onError: (err) => toast({ title: 'Error', description: err.message || messages.messaging.deleteFailed, variant: 'destructive' }),
    });

  return (
    <div
      ref={panel}
      onScroll={(e) => {
        const el = e.currentTarget;
        stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICKY_PX;
      }}
      // as tall as a phone leaves room for, so the whole chat (list and composer) fits above the bottom navigation
      className="h-[clamp(12rem,calc(100dvh-24rem),400px)] overflow-y-auto rounded-2xl border border-line bg-card p-3 md:h-[560px]"
      tabIndex={0}
      aria-label="Messages"
    >
      {hasOlder && (
        <div className="grid justify-items-center pb-2">
          <Button variant="ghost" onClick={loadOlder} loading={loadingOlder}>
            Load earlier messages
          </Button>
        </div>
      )}
      {items.length === 0 && pending.length === 0 && (
        <div className="grid h-full place-content-center gap-1 text-center">
          <p className="font-semibold">{messages.messaging.noMessages}</p>
          <p className="text-sm text-muted">{messages.messaging.startConversation}</p>
        </div>
      )}
      {/* the log announces new messages; the list inside keeps list semantics for each message */}
      <div role="log" aria-label="Conversation">
        <ol className="grid grid-cols-1 gap-2">
          {items.map((m, i) => (
            <Fragment key={m.id}>
              {(i === 0 || !sameDay(items[i - 1]!.createdAt, m.createdAt)) && (
                <li className="py-1 text-center text-xs text-muted">{dayLabel(m.createdAt, today)}</li>
              )}
              <MessageBubble
                message={m}
                mine={m.senderId === me}
                deleting={deletingId === m.id}
                onDelete={() => del(m.id)}
                onReport={() => setReporting(m.id)}
              />
            </Fragment>
          ))}
          {pending.map((p) => (
            <PendingBubble key={p.clientId} message={p} />
          ))}
        </ol>
      </div>
      <ReportDialog
        target={reporting ? { type: 'message', id: reporting } : null}
        member={{ userId: otherId, name: otherName }}
        onClose={() => setReporting(null)}
      />
    </div>
  );
}
