import { TOTAL_STEPS, type StepNumber } from './steps';

/** 'Step n of 4' and a bar (spec §2). */
export function WizardProgress({ step }: { step: StepNumber }) {
  const percent = Math.round((step / TOTAL_STEPS) * 100);
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted">
        Step {step} of {TOTAL_STEPS}
      </p>
      <div
        className="h-2 overflow-hidden rounded-full bg-raised"
        role="progressbar"
        aria-label="Profile setup progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`Step ${step} of ${TOTAL_STEPS}`}
      >
        <div className="bg-brand h-full transition-[width] duration-300" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
