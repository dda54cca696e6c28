import type { FormEvent, ReactNode, RefObject } from 'react';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { Button } from '../../../components/ui/Button';

interface Props {
  title: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  onBack?: () => void;
  busy: boolean;
  last?: boolean;
  /** e.g. while a photo is still uploading */
  blocked?: boolean;
  children: ReactNode;
}

/** One wizard step: its heading, its fields, then Previous and Next (or Complete Profile). */
export function StepFrame({ title, headingRef, onSubmit, onBack, busy, last = false, blocked = false, children }: Props) {
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-5 rounded-2xl border border-line bg-card p-4"
      aria-labelledby="setup-step-title"
    >
      <h2 id="setup-step-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
        {title}
      </h2>
      {children}
      <div className="flex items-center justify-between gap-3 pt-1">
        <Button variant="secondary" onClick={onBack} disabled={!onBack || busy} className="whitespace-nowrap">
          <ArrowLeft aria-hidden size={16} className="hidden min-[400px]:block" />
          Previous
        </Button>
        <Button type="submit" loading={busy} disabled={blocked} className="whitespace-nowrap">
          {last ? 'Complete Profile' : 'Next'}
          {!busy && !last && <ArrowRight aria-hidden size={16} />}
        </Button>
      </div>
    </form>
  );
}
