import { useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { messages } from '@velvet/core/messages';
import { rejectVerificationSchema } from '@velvet/core/schemas/verification.schema';
import { Button } from '../../../components/ui/Button';
import { TextareaField } from '../../../components/ui/Field';

interface Props {
  /** who is being rejected, for the title; null when closed */
  name: string | null;
  busy: boolean;
  onCancel: () => void;
  onReject: (reason: string) => void;
}

/** A rejection needs a reason (the member is told it): checked with the server's own schema. */
export function RejectDialog({ name, busy, onCancel, onReject }: Props) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = rejectVerificationSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    onReject(parsed.data.reason);
  };
  return (
    <Dialog.Root
      open={name !== null}
      onOpenChange={(open) => {
        if (!open && !busy) {
          setReason('');
          setError(undefined);
          onCancel();
        }
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 gap-4 rounded-2xl border border-line bg-card p-4 focus:outline-none">
          <Dialog.Title className="text-lg font-semibold">Reject {name}'s verification?</Dialog.Title>
          <Dialog.Description className="text-sm text-muted">
            The member gets this reason by email and in their Verification Center.
          </Dialog.Description>
          <form noValidate onSubmit={submit} className="grid gap-3">
            <TextareaField
              label={messages.verification.rejectReasonLabel}
              value={reason}
              maxLength={500}
              length={reason.length}
              error={error}
              onChange={(e) => {
                setReason(e.target.value);
                setError(undefined);
              }}
            />
            <div className="grid grid-cols-2 gap-2">
              <Button variant="secondary" onClick={onCancel} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" loading={busy}>
                {messages.verification.reject}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
