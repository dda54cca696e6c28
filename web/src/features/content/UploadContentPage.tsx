import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { CONTENT_ACCEPT, CONTENT_DESCRIPTION_MAX, CONTENT_TITLE_MAX, type ContentMediaType } from '@velvet/core/schemas/content.schema';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { FileDrop } from '../../components/ui/FileDrop';
import { Select } from '../../components/ui/Select';
import { Switch } from '../../components/ui/Switch';
import { TextareaField, TextField } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api-client';
import { useUploadContent } from './api/upload-content';
import { draftForm, draftProblem, emptyDraft, fileKind, fileProblem, setPayPerView, type ContentDraft } from './upload-draft';

const m = messages.content;
/** Spec §9: the app goes to /profile 1.5 s after a successful upload. */
const REDIRECT_MS = 1500;

/**
 * /content: upload a photo or video (spec §2 Upload content). The file goes to the server as it is
 * read, with a true progress bar; the server checks everything again (type by bytes, size, price,
 * the creator verification premium and pay-per-view need) and answers in the spec's words.
 */
export default function UploadContentPage() {
  const navigate = useNavigate();
  const upload = useUploadContent();
  // the dashboard's Add video link opens the form on Video
  const [search] = useSearchParams();
  const [draft, setDraft] = useState<ContentDraft>(() => ({
    ...emptyDraft,
    contentType: search.get('type') === 'video' ? 'video' : 'image',
  }));
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const redirect = useRef<number | undefined>(undefined);
  const ppvId = useId();
  const premiumId = useId();

  useEffect(() => () => window.clearTimeout(redirect.current), []);
  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);

  const change = (patch: Partial<ContentDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const chooseFile = (file: File) => {
    const problem = fileProblem(file);
    setError(problem);
    if (problem) return;
    const kind = fileKind(file) ?? draft.contentType;
    setPreviewUrl(kind === 'image' ? URL.createObjectURL(file) : null);
    change({ file, contentType: kind });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = draftProblem(draft);
    setError(problem);
    if (problem || !draft.file) return;
    setProgress(0);
    try {
      await upload.mutateAsync({ form: draftForm({ ...draft, file: draft.file }), onProgress: (f) => setProgress(f * 100) });
      toast({ title: m.success, variant: 'success' });
      setDraft(emptyDraft);
      setPreviewUrl(null);
      redirect.current = window.setTimeout(() => void navigate('/profile'), REDIRECT_MS);
    } catch (err) {
      const message = err instanceof ApiError && err.status > 0 ? err.message : m.failed;
      setError(message);
      toast({ title: m.failedTitle, description: message, variant: 'destructive' });
    } finally {
      setProgress(null);
    }
  };

  const busy = progress !== null;
  const chosen = draft.file ? `${draft.file.name} (${(draft.file.size / (1024 * 1024)).toFixed(1)} MB)` : null;

  return (
    <div className="grid grid-cols-1 gap-4">
      <Link to="/profile" className="inline-flex min-h-11 items-center gap-2 text-sm text-muted hover:text-ink">
        <ArrowLeft aria-hidden size={16} /> {m.back}
      </Link>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold">{m.title}</h1>
        <p className="text-sm text-muted">{m.subtitle}</p>
      </div>
      <Card className="p-4">
        <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
          <TextField
            label={m.titleLabel}
            value={draft.title}
            maxLength={CONTENT_TITLE_MAX}
            onChange={(e) => change({ title: e.target.value })}
            disabled={busy}
            required
          />
          <TextareaField
            label={m.descriptionLabel}
            value={draft.description}
            maxLength={CONTENT_DESCRIPTION_MAX}
            length={draft.description.length}
            onChange={(e) => change({ description: e.target.value })}
            disabled={busy}
            rows={3}
          />
          <Select
            label={m.typeLabel}
            value={draft.contentType}
            options={[
              { value: 'image', label: m.image },
              { value: 'video', label: m.video },
            ]}
            onChange={(e) => change({ contentType: e.target.value as ContentMediaType })}
            disabled={busy}
          />
          <div className="flex items-center justify-between gap-3">
            <span id={ppvId} className="text-sm font-medium">
              {m.payPerView}
            </span>
            <Switch
              label={m.payPerView}
              checked={draft.payPerView}
              onChange={(on) => setDraft((d) => setPayPerView(d, on))}
              disabled={busy}
            />
          </div>
          {draft.payPerView ? (
            <TextField
              label={m.priceLabel}
              inputMode="decimal"
              type="number"
              min="0.01"
              step="0.01"
              value={draft.price}
              onChange={(e) => change({ price: e.target.value })}
              disabled={busy}
            />
          ) : (
            <div className="flex items-center justify-between gap-3">
              <span id={premiumId} className="text-sm font-medium">
                {m.premiumOnly}
              </span>
              <Switch label={m.premiumOnly} checked={draft.premiumOnly} onChange={(on) => change({ premiumOnly: on })} disabled={busy} />
            </div>
          )}
          <FileDrop
            label={draft.contentType === 'video' ? m.video : m.image}
            prompt={chosen ?? m.chooseFile}
            hint={m.fileHint}
            accept={CONTENT_ACCEPT}
            onFile={chooseFile}
            previewUrl={previewUrl}
            progress={progress}
            progressLabel={progress !== null && progress >= 100 ? m.processing : messages.uploads.uploading}
            error={error ?? undefined}
            disabled={busy}
          />
          <Button type="submit" loading={busy} disabled={busy}>
            {m.submit}
          </Button>
        </form>
      </Card>
    </div>
  );
}
