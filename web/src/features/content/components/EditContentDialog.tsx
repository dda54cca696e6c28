import { useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { messages } from '@velvet/core/messages';
import {
  CONTENT_DESCRIPTION_MAX,
  CONTENT_TITLE_MAX,
  CONTENT_VISIBILITIES,
  poundsToPence,
  type ContentItem,
  type ContentVisibility,
} from '@velvet/core/schemas/content.schema';
import { Button } from '../../../components/ui/Button';
import { Select } from '../../../components/ui/Select';
import { TextareaField, TextField } from '../../../components/ui/Field';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api-client';
import { useUpdateContent } from '../api/content-api';

const m = messages.content;

/** The owner edits an item: title, description, who sees it and (pay-per-view) the price in pounds. */
export function EditContentDialog({ item, onClose }: { item: ContentItem | null; onClose: () => void }) {
  return (
    <Dialog.Root open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/70" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-[60] grid max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl border border-line bg-card p-4 focus:outline-none">
          {item && <EditForm key={item.id} item={item} onClose={onClose} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function EditForm({ item, onClose }: { item: ContentItem; onClose: () => void }) {
  const update = useUpdateContent();
  const [title, setTitle] = useState(item.title);
  const [description, setDescription] = useState(item.description);
  const [visibility, setVisibility] = useState<ContentVisibility>(item.visibility);
  const [price, setPrice] = useState(item.priceCents !== null ? (item.priceCents / 100).toFixed(2) : '');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return setError(m.required);
    const priceCents = visibility === 'ppv' ? poundsToPence(price) : null;
    if (visibility === 'ppv' && priceCents === undefined) return setError(m.invalidPrice);
    setError(null);
    update.mutate(
      { id: item.id, body: { title: title.trim(), description: description.trim(), visibility, priceCents: priceCents ?? null } },
      {
        onSuccess: () => {
          toast({ title: m.saved, variant: 'success' });
          onClose();
        },
        onError: (err) => setError(err instanceof ApiError && err.status > 0 ? err.message : m.saveFailed),
      },
    );
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <Dialog.Title className="text-lg font-semibold">{m.edit}</Dialog.Title>
      <Dialog.Description className="sr-only">{item.title}</Dialog.Description>
      <TextField label={m.titleLabel} value={title} maxLength={CONTENT_TITLE_MAX} onChange={(e) => setTitle(e.target.value)} />
      <TextareaField
        label={m.descriptionLabel}
        value={description}
        maxLength={CONTENT_DESCRIPTION_MAX}
        length={description.length}
        rows={3}
        onChange={(e) => setDescription(e.target.value)}
      />
      <Select
        label={m.visibilityLabel}
        value={visibility}
        options={CONTENT_VISIBILITIES.map((v) => ({ value: v, label: m.visibility[v] }))}
        onChange={(e) => setVisibility(e.target.value as ContentVisibility)}
      />
      {visibility === 'ppv' && (
        <TextField
          label={m.priceLabel}
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
        />
      )}
      {error && (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
          {m.cancel}
        </Button>
        <Button type="submit" loading={update.isPending}>
          {m.save}
        </Button>
      </div>
    </form>
  );
}
