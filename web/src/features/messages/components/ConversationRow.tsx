import { memo } from 'react';
import { Link } from 'react-router';
import { Star } from 'lucide-react';
import type { ConversationDto } from '@velvet/core/schemas/message.schema';
import { Avatar } from '../../../components/ui/Avatar';
import { CountBadge } from '../../../components/ui/Badge';
import { useLivePresence } from '../live-state';
import { listTime } from '../format';
import { useToday } from '../../../lib/day-clock';

export const memberName = (m: { displayName: string | null; username: string | null }) => m.displayName ?? m.username ?? 'Member';

/**
 * One conversation in Inbox or Saved: who, the last message, when, unread count, and the save star
 * (its change is the list's: `starring` while it is on its way, `onStar` to ask for it). Memoized: a
 * refetched list of the same conversations, or a new unread count, redraws no row.
 */
export const ConversationRow = memo(function ConversationRow({
  conversation: c,
  me,
  starring,
  onStar,
}: {
  conversation: ConversationDto;
  me: string;
  starring: boolean;
  onStar: (otherId: string, starred: boolean) => void;
}) {
  const name = memberName(c.otherUser);
  const live = useLivePresence(c.otherUser.id);
  const online = live ? live.online : c.otherUser.online;
  const starred = starring ? !c.starred : c.starred;
  const mine = c.lastMessage.senderId === me;
  // the row is memoized: its time ('HH:mm' today, the weekday after midnight) follows the day itself
  const today = useToday();

  return (
    <li className="flex items-center gap-2 rounded-2xl border border-line bg-card pr-1">
      <Link
        to={`/messages/${encodeURIComponent(c.id)}`}
        className="flex min-h-16 min-w-0 flex-1 items-center gap-3 rounded-2xl p-3 hover:bg-raised"
      >
        <span className="relative">
          <Avatar src={c.otherUser.avatarUrl} name={name} size={44} decorative />
          {online && <span className="absolute bottom-0 right-0 h-3 w-3 rounded-full border-2 border-card bg-online" aria-hidden />}
        </span>
        <span className="grid min-w-0 flex-1 grid-cols-1 gap-0.5">
          <span className="flex items-baseline justify-between gap-2">
            <span className={`truncate ${c.unreadCount ? 'font-bold' : 'font-semibold'}`}>{name}</span>
            <time dateTime={c.lastMessageAt} className="shrink-0 text-xs text-muted">
              {listTime(c.lastMessageAt, today)}
            </time>
          </span>
          <span className="flex items-center justify-between gap-2">
            <span className={`truncate text-sm ${c.unreadCount ? 'text-ink' : 'text-muted'}`}>
              {mine && 'You: '}
              {c.lastMessage.content}
            </span>
            <CountBadge count={c.unreadCount} label={`${c.unreadCount} unread`} />
          </span>
        </span>
      </Link>
      <button
        type="button"
        aria-pressed={starred}
        aria-label={starred ? `Remove ${name} from saved` : `Save conversation with ${name}`}
        disabled={starring}
        onClick={() => onStar(c.id, !c.starred)}
        className="grid h-11 w-11 shrink-0 place-items-center rounded-xl text-muted hover:bg-raised hover:text-ink"
      >
        <Star aria-hidden size={20} className={starred ? 'fill-pink-400 text-pink-400' : ''} />
      </button>
    </li>
  );
});
