import { useEffect, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { limits } from '@velvet/core/constants/limits';
import { messages } from '@velvet/core/messages';
import { Button } from '../ui/Button';
import { TextareaField } from '../ui/Field';
import { toast } from '../ui/toast-store';
import { useBlockMember } from '../../lib/blocks';

export interface BlockTarget {
  userId: string;
  name: string;
}

// the reason's rule is the server's own schema, loaded when the dialog opens: the dialog is part of
// the shared kit, and zod is no part of a page's start-up
const loadBlockInputSchema = () => import('@velvet/core/schemas/privacy.schema').then((m) => m.blockInputSchema);

interface Props {
  member: BlockTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** after the block is stored (the toast is shown already) */
  onBlocked?: () => void;
}

/** 'Block {name}?': what a block does, an optional reason (checked with the server's own schema), Block or Cancel. */
export function BlockMemberDialog({ member, open, onOpenChange, onBlocked }: Props) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const block = useBlockMember(() => {
    onOpenChange(false);
    setReason('');
    onBlocked?.();
  });

  // fetched as the dialog opens, so Block does not wait for it; a failure is told when Block is pressed
  useEffect(() => {
    if (open) loadBlockInputSchema().catch(() => undefined);
  }, [open]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    let blockInputSchema;
    try {
      blockInputSchema = await loadBlockInputSchema();
    } catch {
      // the chunk did not come (offline): the words of a block that failed
      toast({ title: 'Error', description: messages.privacy.blockFailed, variant: 'destructive' });
      return;
    }
    const parsed = blockInputSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    block.mutate({ userId: member.userId, name: member.name, reason: parsed.data.reason });
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !block.isPending && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl border border-line bg-card p-4 focus:outline-none">
          <Dialog.Title className="text-lg font-semibold">{messages.privacy.blockTitle(member.name)}</Dialog.Title>
          <Dialog.Description className="text-sm text-muted">{messages.privacy.blockLine}</Dialog.Description>
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <TextareaField
              label={messages.privacy.reasonLabel}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={limits.blockReasonMax}
              length={reason.length}
              error={error}
              className="min-h-20"
            />
            <div className="grid grid-cols-2 gap-2">
              <Dialog.Close asChild>
                <Button variant="secondary" disabled={block.isPending}>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" variant="destructive" loading={block.isPending}>
                {messages.privacy.block}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
