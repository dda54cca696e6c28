import { useId, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { messages } from '@velvet/core/messages';
import {
  createReportSchema,
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTarget,
} from '@velvet/core/schemas/moderation.schema';
import type { BlockTarget } from '../../components/block/BlockMemberDialog';
import { Button } from '../../components/ui/Button';
import { TextareaField } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api-client';
import { useBlockMember } from '../../lib/blocks';
import { useCreateReport } from './api/create-report';

const m = messages.moderation;
const TITLES: Record<ReportTarget, string> = { member: m.reportTitle, message: m.reportMessageTitle, photo: m.reportPhotoTitle };

interface Props {
  /** what is reported; null when the dialog is closed */
  target: { type: ReportTarget; id: string } | null;
  /** whose member, message or photo it is: once the report is in, the reporter is offered to block them */
  member: BlockTarget;
  onClose: () => void;
  /** after the offered block is stored */
  onBlocked?: () => void;
}

/**
 * Report a member, a message or a photo: a reason from the fixed list and optional details; then
 * 'Report received' with the offer to block the member as well.
 */
export function ReportDialog({ target, member, onClose, onBlocked }: Props) {
  return (
    <Dialog.Root open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/70" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-[60] grid max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl border border-line bg-card p-4 focus:outline-none">
          {target && (
            <ReportSteps key={`${target.type}:${target.id}`} target={target} member={member} onClose={onClose} onBlocked={onBlocked} />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ReportSteps({ target, member, onClose, onBlocked }: Omit<Props, 'target'> & { target: { type: ReportTarget; id: string } }) {
  const [received, setReceived] = useState(false);
  return received ? (
    <Received member={member} onClose={onClose} onBlocked={onBlocked} />
  ) : (
    <ReportForm target={target} onClose={onClose} onReceived={() => setReceived(true)} />
  );
}

function Received({ member, onClose, onBlocked }: Omit<Props, 'target'>) {
  const block = useBlockMember(() => {
    onClose();
    onBlocked?.();
  });
  return (
    <div className="grid gap-4">
      <Dialog.Title className="text-lg font-semibold">{m.receivedTitle}</Dialog.Title>
      <Dialog.Description className="text-sm text-muted">{m.received}</Dialog.Description>
      <p className="text-sm">{m.offerBlock(member.name)}</p>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={onClose} disabled={block.isPending}>
          {m.done}
        </Button>
        <Button variant="destructive" loading={block.isPending} onClick={() => block.mutate({ ...member, reason: null })}>
          {m.blockToo(member.name)}
        </Button>
      </div>
    </div>
  );
}

function ReportForm({
  target,
  onClose,
  onReceived,
}: {
  target: { type: ReportTarget; id: string };
  onClose: () => void;
  onReceived: () => void;
}) {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; details?: string }>({});
  const create = useCreateReport();
  const groupId = useId();

  const submit = () => {
    const parsed = createReportSchema.safeParse({ targetType: target.type, targetId: target.id, reason: reason || undefined, details });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'reason') next.reason = m.reasonRequired;
        else if (issue.path[0] === 'details') next.details = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: onReceived,
      onError: (err) =>
        toast({
          title: m.failed,
          description: err instanceof ApiError && err.status < 500 ? err.message : undefined,
          variant: 'destructive',
        }),
    });
  };

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Dialog.Title className="text-lg font-semibold">{TITLES[target.type]}</Dialog.Title>
      <Dialog.Description className="text-sm text-muted">{m.reportIntro}</Dialog.Description>
      <fieldset className="grid gap-1" aria-describedby={errors.reason ? `${groupId}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">{m.reasonLabel}</legend>
        {REPORT_REASONS.map((r) => (
          <label key={r} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-2 hover:bg-raised">
            <input
              type="radio"
              name={`${groupId}-reason`}
              value={r}
              checked={reason === r}
              onChange={() => setReason(r)}
              className="h-5 w-5 accent-brand-pink"
            />
            <span>{REPORT_REASON_LABELS[r]}</span>
          </label>
        ))}
        {errors.reason && (
          <p id={`${groupId}-error`} role="alert" className="text-sm text-red-400">
            {errors.reason}
          </p>
        )}
      </fieldset>
      <TextareaField
        label={m.detailsLabel}
        placeholder={m.detailsPlaceholder}
        value={details}
        onChange={(e) => setDetails(e.target.value)}
        maxLength={REPORT_DETAILS_MAX}
        length={details.length}
        error={errors.details}
      />
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
          {m.cancel}
        </Button>
        <Button type="submit" variant="destructive" loading={create.isPending}>
          {m.submit}
        </Button>
      </div>
    </form>
  );
}
