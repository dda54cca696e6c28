import { ShieldOff } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { shortId, type BlockedMember } from '@velvet/core/schemas/privacy.schema';
import { Avatar } from '../../components/ui/Avatar';
import { CountBadge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { LoadError } from '../../components/ui/LoadError';
import { Spinner } from '../../components/ui/Spinner';
import { useBlocks, useUnblockMember } from '../../lib/blocks';

const nameOf = (b: BlockedMember) => b.displayName || (b.username ? `@${b.username}` : 'Former member');
const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

function BlockedRow({ block }: { block: BlockedMember }) {
  const unblock = useUnblockMember();
  const name = nameOf(block);
  return (
    <li className="flex items-start gap-3 py-3">
      <Avatar src={block.avatarUrl} name={name} size={44} decorative />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="truncate font-medium">{name}</p>
        <p className="text-xs text-muted">
          <span className="sr-only">Member id begins </span>
          <span className="font-mono">{shortId(block.userId)}</span>
          <span aria-hidden> · </span>
          <span>Blocked {dateOf(block.blockedAt)}</span>
        </p>
        {block.reason && <p className="break-words text-sm text-muted">{block.reason}</p>}
      </div>
      <Button
        variant="secondary"
        className="shrink-0"
        loading={unblock.isPending}
        onClick={() => unblock.mutate({ userId: block.userId, name })}
      >
        {messages.privacy.unblock}
        <span className="sr-only"> {name}</span>
      </Button>
    </li>
  );
}

/** Blocked Users with a count badge: name and avatar, the first 8 characters of the id, the reason, the date, Unblock. */
export function BlockedUsers() {
  const blocks = useBlocks();
  return (
    <Card className="grid gap-2">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        {messages.privacy.blockedUsers}
        <CountBadge count={blocks.data?.length} label={`${blocks.data?.length ?? 0} blocked`} />
      </h2>
      {blocks.isPending ? (
        <div className="grid place-items-center py-6">
          <Spinner label="Loading blocked members" />
        </div>
      ) : blocks.isError ? (
        <LoadError error={blocks.error} what="your blocked members" onRetry={() => void blocks.refetch()} retrying={blocks.isFetching} />
      ) : blocks.data.length === 0 ? (
        <EmptyState icon={<ShieldOff aria-hidden size={28} />} title={messages.privacy.noBlocked} line={messages.privacy.noBlockedLine} />
      ) : (
        <ul className="divide-y divide-line" aria-label={messages.privacy.blockedUsers}>
          {blocks.data.map((b) => (
            <BlockedRow key={b.userId} block={b} />
          ))}
        </ul>
      )}
    </Card>
  );
}
