import { useEffect, useState, type FormEvent } from 'react';
import { ArrowLeft, CheckCircle2 } from 'lucide-react';
import { limits } from '@velvet/core/constants/limits';
import { messages } from '@velvet/core/messages';
import {
  VERIFICATION_FORM_SCHEMAS,
  VERIFICATION_GENDER_LABELS,
  VERIFICATION_GENDERS,
  VERIFICATION_IMAGE_ACCEPT,
  VERIFICATION_TYPE_LABELS,
  verificationProgress,
  type VerificationType,
} from '@velvet/core/schemas/verification.schema';
import { Button } from '../../../components/ui/Button';
import { TextareaField, TextField } from '../../../components/ui/Field';
import { FileDrop } from '../../../components/ui/FileDrop';
import { Select } from '../../../components/ui/Select';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api-client';
import { useSubmitVerification } from '../api/verifications';
import { FORM_FIELDS, toFields } from './verification-fields';

const m = messages.verification;
const genderOptions = VERIFICATION_GENDERS.map((value) => ({ value, label: VERIFICATION_GENDER_LABELS[value] }));

/** spec §5: an image, under 5 MB (HEIC often comes with no type: its name says it). */
function fileProblem(file: File): string | null {
  const isImage = file.type.startsWith('image/') || /\.(heic|heif)$/i.test(file.name);
  if (!isImage) return m.notImage;
  if (file.size >= limits.imageMaxBytes) return m.tooLarge;
  return null;
}

/** The errors of the fields the schema refused, by field name (the first message of each). */
function fieldErrors(type: VerificationType, values: Record<string, string>): Record<string, string> {
  const parsed = VERIFICATION_FORM_SCHEMAS[type].safeParse(toFields(type, values));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '_')] ??= issue.message;
  return errors;
}

/**
 * One verification's flow (spec §2): the photo verification on one screen; couple, individual,
 * model and vip in steps: 1 info, 2 photo, 3 success. A progress bar follows the form (spec §5).
 */
export function VerificationFlow({ type, onBack }: { type: VerificationType; onBack: () => void }) {
  const stepped = type !== 'photo';
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [upload, setUpload] = useState<number | null>(null);
  const submit = useSubmitVerification();

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const fields = toFields(type, values);
  const progress = step === 3 ? 100 : verificationProgress(type, fields, !!file);
  const set = (name: string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: '' }));
  };
  const choose = (chosen: File) => {
    const problem = fileProblem(chosen);
    setFileError(problem ?? undefined);
    if (problem) return;
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  };

  const checkInfo = (): boolean => {
    const found = fieldErrors(type, values);
    setErrors(found);
    if (Object.keys(found).length) {
      if (type === 'photo') toast({ title: m.missingTitle, description: m.missing, variant: 'destructive' });
      else toast({ title: m.incompleteTitle, description: m.incomplete, variant: 'destructive' });
      return false;
    }
    return true;
  };

  const send = async () => {
    if (!checkInfo()) return;
    if (!file) {
      setFileError(m.photoRequired);
      if (type === 'photo') toast({ title: m.missingTitle, description: m.missing, variant: 'destructive' });
      else toast({ title: m.incompleteTitle, description: m.photoRequired, variant: 'destructive' });
      return;
    }
    setUpload(0);
    try {
      await submit.mutateAsync({ type, fields, file, onProgress: (f) => setUpload(Math.round(f * 100)) });
      toast({ title: m.successTitle, description: m.success, variant: 'success' });
      setStep(3);
    } catch (err) {
      const refused = err instanceof ApiError && err.status >= 400 && err.status < 500;
      toast({ title: m.failedTitle, description: refused ? err.message : m.failed, variant: 'destructive' });
      if (err instanceof ApiError && err.body && typeof err.body === 'object') {
        const details = (err.body as { error?: { details?: Record<string, string> } }).error?.details;
        if (details) {
          setErrors(details);
          if (stepped) setStep(1);
        }
      }
    } finally {
      setUpload(null);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (stepped && step === 1) {
      if (checkInfo()) setStep(2);
      return;
    }
    void send();
  };

  const infoFields = FORM_FIELDS[type].map((f) => {
    const common = { label: f.label, value: values[f.name] ?? '', error: errors[f.name] || undefined, name: f.name };
    switch (f.kind) {
      case 'age':
        return (
          <TextField
            key={f.name}
            {...common}
            type="number"
            inputMode="numeric"
            min={limits.verificationAge.min}
            max={limits.verificationAge.max}
            onChange={(e) => set(f.name, e.target.value)}
          />
        );
      case 'gender':
        return (
          <Select key={f.name} {...common} options={genderOptions} placeholder="Choose…" onChange={(e) => set(f.name, e.target.value)} />
        );
      case 'textarea':
        return (
          <TextareaField
            key={f.name}
            {...common}
            maxLength={1000}
            length={(values[f.name] ?? '').length}
            rows={3}
            onChange={(e) => set(f.name, e.target.value)}
          />
        );
      case 'text':
        return (
          <TextField key={f.name} {...common} placeholder={f.placeholder} maxLength={100} onChange={(e) => set(f.name, e.target.value)} />
        );
    }
  });

  const photo = (
    <FileDrop
      label="Verification photo"
      prompt={m.choosePhoto}
      hint={m.imageHint}
      accept={VERIFICATION_IMAGE_ACCEPT}
      shape="wide"
      previewUrl={preview}
      onFile={choose}
      progress={upload}
      progressLabel={messages.uploads.uploading}
      error={fileError}
    />
  );

  return (
    <section className="grid gap-4" aria-labelledby="flow-title">
      <button
        type="button"
        onClick={onBack}
        className="inline-flex min-h-11 items-center gap-2 justify-self-start text-sm text-muted hover:text-ink"
      >
        <ArrowLeft aria-hidden size={16} /> {m.back}
      </button>
      <h2 id="flow-title" className="text-xl font-bold">
        {VERIFICATION_TYPE_LABELS[type]}
      </h2>
      <div className="grid gap-1">
        <div
          className="h-2 overflow-hidden rounded-full bg-raised"
          role="progressbar"
          aria-label="Verification progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
        >
          <div className="bg-brand h-full transition-[width] duration-150" style={{ width: `${progress}%` }} />
        </div>
        <p className="text-xs text-muted">
          {stepped && step < 3 ? `Step ${step} of 3 · ` : ''}
          {m.progress(progress)}
        </p>
      </div>
      {step === 3 ? (
        <div className="grid justify-items-center gap-3 rounded-2xl border border-line bg-card p-6 text-center" role="status">
          <CheckCircle2 aria-hidden size={40} className="text-success" />
          <h3 className="text-lg font-semibold">{m.successTitle}</h3>
          <p className="text-sm text-muted">{m.success}</p>
          <Button onClick={onBack}>{m.submitAnother}</Button>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="grid gap-3 rounded-2xl border border-line bg-card p-4">
          {(!stepped || step === 1) && (
            <fieldset className="grid gap-3">
              <legend className="mb-1 text-sm font-semibold text-muted">{m.stepInfo}</legend>
              {infoFields}
            </fieldset>
          )}
          {(!stepped || step === 2) && (
            <fieldset className="grid gap-3">
              <legend className="mb-1 text-sm font-semibold text-muted">{m.stepPhoto}</legend>
              <p className="text-sm text-muted">{m.photoAdvice}</p>
              {photo}
              <p className="text-xs text-muted">{m.adminOnly}</p>
            </fieldset>
          )}
          <div className="flex flex-wrap gap-2">
            {stepped && step === 2 && (
              <Button variant="secondary" onClick={() => setStep(1)} disabled={submit.isPending}>
                Back
              </Button>
            )}
            <Button type="submit" loading={submit.isPending} className="flex-1">
              {stepped && step === 1 ? m.next : submit.isPending ? m.submitting : m.submit}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
