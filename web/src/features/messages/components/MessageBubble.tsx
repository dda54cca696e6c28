import { CheckCheck } from 'lucide-react';
import type { MessageDto } from '@velvet/core/schemas/message.schema';
import { messages } from '@velvet/core/messages';
import type { PendingMessage } from '../outbox';
import { outbox } from '../outbox';
import { hhmm } from '../format';
import { MessageMenu } from './MessageMenu';

const bubble = (mine: boolean) =>
  `max-w-[80%] rounded-2xl px-3 py-2 text-sm ${mine ? 'bg-brand rounded-br-md text-white' : 'rounded-bl-md bg-raised text-ink'}`;

/** The text as typed: shown as text (never as HTML), line breaks kept, long words wrapped. */
const Text = ({ children }: { children: string }) => <p className="whitespace-pre-wrap break-words">{children}</p>;

export function MessageBubble({
  message,
  mine,
  deleting,
  onDelete,
  onReport,
}: {
  message: MessageDto;
  mine: boolean;
  deleting: boolean;
  onDelete: () => void;
  onReport: () => void;
}) {
  return (
    <li className={`flex items-start gap-1 ${mine ? 'justify-end' : 'justify-start'}`} data-message-id={message.id}>
      <div className={`${bubble(mine)} ${deleting ? 'opacity-60' : ''}`}>
        <Text>{message.content}</Text>
        <p className={`mt-1 flex items-center justify-end gap-1 text-[11px] ${mine ? 'text-white/80' : 'text-muted'}`}>
          {deleting ? (
            <span role="status">{messages.messaging.deleting}</span>
          ) : (
            <>
              <time dateTime={message.createdAt}>{hhmm(message.createdAt)}</time>
              {mine && message.readAt && (
                <span className="inline-flex items-center" title="Read">
                  <CheckCheck aria-hidden size={14} />
                  <span className="sr-only">Read</span>
                </span>
              )}
            </>
          )}
        </p>
      </div>
      {mine ? <MessageMenu onDelete={onDelete} disabled={deleting} /> : <MessageMenu onReport={onReport} />}
    </li>
  );
}

/** A message the server has not confirmed yet: sending, retrying, or refused (retry or discard). */
export function PendingBubble({ message }: { message: PendingMessage }) {
  return (
    <li className="flex justify-end pr-9" data-pending-id={message.clientId}>
      <div className={`${bubble(true)} ${message.state === 'failed' ? 'opacity-90 ring-1 ring-danger' : 'opacity-70'}`}>
        <Text>{message.content}</Text>
        <p role="status" className="mt-1 text-right text-[11px] text-white/85">
          {message.state === 'sending' && messages.messaging.pending}
          {message.state === 'retrying' && messages.messaging.retrying}
          {message.state === 'failed' && `Not sent: ${message.error ?? messages.messaging.sendFailed}`}
        </p>
        {message.state === 'failed' && (
          <div className="mt-1 flex justify-end gap-2">
            <button
              type="button"
              className="min-h-9 rounded-lg px-2 text-xs font-semibold underline"
              onClick={() => outbox.retry(message.clientId)}
            >
              Retry
            </button>
            <button
              type="button"
              className="min-h-9 rounded-lg px-2 text-xs font-semibold underline"
              onClick={() => outbox.discard(message.clientId)}
            >
              Discard
            </button>
          </div>
        )}
      </div>
    </li>
  );
}
