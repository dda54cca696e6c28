import * as Dialog from '@radix-ui/react-dialog';
import { Button } from './Button';

interface Props {
  open: boolean;
  title: string;
  line: string;
  confirm: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** 'Are you sure?' before an action that undoes something the member made (Radix Dialog: focus kept inside, Escape cancels). */
export function ConfirmDialog({ open, title, line, confirm, busy, onCancel, onConfirm }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content
          role="alertdialog"
          className="fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 gap-4 rounded-2xl border border-line bg-card p-4 focus:outline-none"
        >
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="text-sm text-muted">{line}</Dialog.Description>
          <div className="grid grid-cols-2 gap-2">
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              Keep
            </Button>
            <Button variant="destructive" onClick={onConfirm} loading={busy}>
              {confirm}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
