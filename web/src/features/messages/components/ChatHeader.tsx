import { Link } from 'react-router';
import { ArrowLeft, BadgeCheck } from 'lucide-react';
import { Avatar } from '../../../components/ui/Avatar';
import { BlockMenu } from '../../../components/block/BlockMenu';
import { isActiveNow, lastActiveText } from '../../../lib/last-active';
import { useIsTyping, useLivePresence } from '../live-state';

export interface ChatMember {
  id: string;
  name: string;
  avatarUrl: string | null;
  verified: boolean;
  online: boolean;
  lastActiveAt: string | null;
}

/** Back to the list, who the chat is with, whether they are typing, online or when last active, and a menu to block them. */
export function ChatHeader({ member, blockable = true }: { member: ChatMember; blockable?: boolean }) {
  const typing = useIsTyping(member.id);
  const live = useLivePresence(member.id);
  // the socket's word is the latest: a null time means they hide it now (Hide Last Active), not "unknown"
  const lastActiveAt = live ? live.lastActiveAt : member.lastActiveAt;
  const online = live ? live.online : member.online || (lastActiveAt !== null && isActiveNow(lastActiveAt));
  const status = typing ? 'typing…' : online ? 'Online' : lastActiveAt ? lastActiveText(lastActiveAt) : null;

  return (
    <div className="flex items-center gap-2">
      <Link
        to="/messages"
        aria-label="Back to conversations"
        className="grid h-11 w-11 shrink-0 place-items-center rounded-xl hover:bg-raised"
      >
        <ArrowLeft aria-hidden size={20} />
      </Link>
      <Link
        to={`/profile/${encodeURIComponent(member.id)}`}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-xl p-1 hover:bg-raised"
      >
        <span className="relative">
          <Avatar src={member.avatarUrl} name={member.name} size={40} decorative />
          {online && <span className="absolute bottom-0 right-0 h-3 w-3 rounded-full border-2 border-page bg-online" aria-hidden />}
        </span>
        <span className="grid min-w-0 grid-cols-1">
          <h1 className="flex items-center gap-1 truncate text-lg font-bold">
            {member.name}
            {member.verified && <BadgeCheck aria-label="Verified" size={18} className="shrink-0 text-purple-300" />}
          </h1>
          <span className={`text-xs ${typing || online ? 'text-online' : 'text-muted'}`} aria-live="polite">
            {status}
          </span>
        </span>
      </Link>
      {blockable && <BlockMenu member={{ userId: member.id, name: member.name }} />}
    </div>
  );
}
