import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { OwnProfile } from '@velvet/core/schemas/profile.schema';
import { messages } from '@velvet/core/messages';
import { toast } from '../../../components/ui/toast-store';
import { StepBasics } from './StepBasics';
import { StepLocation, locationPayload } from './StepLocation';
import { StepPhotos } from './StepPhotos';
import { StepPreferences } from './StepPreferences';
import { WizardProgress } from './WizardProgress';
import { resumeStep, type Drafts, type StepNumber } from './steps';

interface Props {
  /** The latest saved profile (null before step 1); it stays live while the wizard runs. */
  profile: OwnProfile | null;
}

/**
 * The four-step wizard. Each Next saves its step, so a member who leaves half-way resumes at the
 * step the server remembers, with what they saved filled in.
 */
export function SetupWizard({ profile }: Props) {
  const navigate = useNavigate();
  const [step, setStep] = useState<StepNumber>(() => resumeStep(profile));
  const [drafts, setDrafts] = useState<Drafts>({});
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // a new step: its heading takes the focus (screen readers hear where they are) and the page goes up
  useEffect(() => {
    if (!moved.current) return;
    window.scrollTo({ top: 0 });
    headingRef.current?.focus();
  }, [step]);

  const go = <S extends StepNumber>(to: StepNumber, from: S, values: Drafts[S]) => {
    setDrafts((d) => ({ ...d, [from]: values }));
    moved.current = true;
    setStep(to);
  };

  const frame = (body: ReactNode) => (
    <section className="mx-auto grid w-full max-w-lg gap-5" aria-labelledby="setup-title">
      <div className="grid gap-3">
        <h1 id="setup-title" className="text-2xl font-bold">
          Set up your profile
        </h1>
        <WizardProgress step={step} />
      </div>
      {body}
    </section>
  );

  if (step === 1 || !profile) {
    return frame(<StepBasics key={1} profile={profile} draft={drafts[1]} headingRef={headingRef} onDone={(_p, v) => go(2, 1, v)} />);
  }
  switch (step) {
    case 2:
      return frame(
        <StepLocation
          key={2}
          profile={profile}
          draft={drafts[2]}
          headingRef={headingRef}
          onBack={(v) => go(1, 2, v)}
          onDone={(_p, v) => go(3, 2, v)}
        />,
      );
    case 3:
      return frame(
        <StepPreferences
          key={3}
          profile={profile}
          draft={drafts[3]}
          step2={drafts[2] && locationPayload(drafts[2])}
          headingRef={headingRef}
          onBack={(v) => go(2, 3, v)}
          onDone={(_p, v) => go(4, 3, v)}
        />,
      );
    case 4:
      return frame(
        <StepPhotos
          key={4}
          profile={profile}
          draft={drafts[4]}
          headingRef={headingRef}
          onBack={(v) => go(3, 4, v)}
          onDone={() => {
            toast({ title: messages.profile.created, variant: 'success' });
            void navigate('/dashboard', { replace: true });
          }}
        />,
      );
  }
}
