import { useEffect, useRef, useState } from 'react';
import { SendHorizontal } from 'lucide-react';
import { MESSAGE_MAX_LENGTH, messageLength } from '@velvet/core/constants/messaging';
import { messageContentSchema } from '@velvet/core/schemas/message.schema';
import { realtime } from '../../../lib/realtime';
import { outbox } from '../outbox';

/** "Typing" is announced at most this often while the member types, and withdrawn after this pause. */
const TYPING_EVERY_MS = 3000;
const TYPING_IDLE_MS = 4000;

/** Write and send: Enter sends, Shift+Enter is a new line, Send is disabled while blank (spec §5). */
export function Composer({ otherId, disabled }: { otherId: string; disabled?: boolean }) {
  const [text, setText] = useState('');
  const lastTypingSent = useRef(0);
  const idle = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stopTyping = () => {
    if (idle.current) clearTimeout(idle.current);
    idle.current = null;
    if (lastTypingSent.current) realtime.send({ type: 'typing', payload: { to: otherId, typing: false } });
    lastTypingSent.current = 0;
  };
  // leaving the chat (or switching to another) withdraws "typing"
  useEffect(() => stopTyping, [otherId]);

  const parsed = messageContentSchema.safeParse(text);
  const blank = text.trim() === '';
  const error = !blank && !parsed.success ? parsed.error.issues[0]?.message : undefined;
  const length = messageLength(text);

  const submit = () => {
    if (!parsed.success || disabled) return;
    outbox.send(otherId, parsed.data);
    setText('');
    stopTyping();
  };

  const onChange = (value: string) => {
    setText(value);
    if (!value.trim()) return stopTyping();
    const now = Date.now();
    if (now - lastTypingSent.current > TYPING_EVERY_MS && realtime.send({ type: 'typing', payload: { to: otherId, typing: true } }))
      lastTypingSent.current = now;
    if (idle.current) clearTimeout(idle.current);
    idle.current = setTimeout(stopTyping, TYPING_IDLE_MS);
  };

  return (
    // kept above the bottom navigation: on a small phone Send is never under it, scrolled or not
    <form
      className="sticky bottom-[calc(3.75rem+env(safe-area-inset-bottom))] z-30 -mx-1 grid gap-1 rounded-xl bg-page/95 px-1 pt-1 backdrop-blur"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="flex items-end gap-2">
        <label className="flex-1">
          <span className="sr-only">Message</span>
          <textarea
            value={text}
            rows={2}
            disabled={disabled}
            placeholder="Type a message..."
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'composer-error' : undefined}
            onChange={(e) => onChange(e.target.value)}
            onBlur={stopTyping}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                submit();
              }
            }}
            className="max-h-40 min-h-11 w-full resize-y rounded-xl border border-line bg-card px-3 py-2 text-sm placeholder:text-muted"
          />
        </label>
        <button
          type="submit"
          aria-label="Send"
          disabled={blank || Boolean(error) || disabled}
          className="bg-brand grid h-11 w-11 shrink-0 place-items-center rounded-xl text-white disabled:cursor-not-allowed disabled:opacity-50"
        >
          <SendHorizontal aria-hidden size={20} />
        </button>
      </div>
      <div className="flex justify-between gap-2 text-xs">
        <span id="composer-error" className="text-red-300" role={error ? 'alert' : undefined}>
          {error}
        </span>
        {length > MESSAGE_MAX_LENGTH - 500 && (
          <span className={length > MESSAGE_MAX_LENGTH ? 'text-red-300' : 'text-muted'}>
            {length}/{MESSAGE_MAX_LENGTH}
          </span>
        )}
      </div>
    </form>
  );
}
