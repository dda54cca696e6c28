import type { z } from 'zod';
import { profileBasicsSchema, setupStepSchema, type OwnProfile } from '@velvet/core/schemas/profile.schema';
import { limits } from '@velvet/core/constants/limits';

/** Each step's rules come from the shared schemas, so the browser and the server agree (spec §5). */
export const basicsSchema = profileBasicsSchema;
export const locationSchema = setupStepSchema.options[1].omit({ step: true });
export const preferencesSchema = setupStepSchema.options[2].omit({ step: true });
export const photosSchema = setupStepSchema.options[3].omit({ step: true });

export type BasicsValues = z.input<typeof basicsSchema>;
export type LocationValues = z.input<typeof locationSchema>;
export type PreferencesValues = z.input<typeof preferencesSchema>;
export type PhotosValues = z.input<typeof photosSchema>;

/** What a step remembers when the member goes back without saving it. */
export interface Drafts {
  1?: BasicsValues;
  2?: LocationValues;
  3?: PreferencesValues;
  4?: PhotosValues;
}

export type StepNumber = 1 | 2 | 3 | 4;

export const TOTAL_STEPS = limits.setupWizardSteps;

/** Where a half-finished wizard resumes: the server keeps the step after the last one saved. */
export const resumeStep = (profile: OwnProfile | null): StepNumber =>
  profile ? (Math.min(Math.max(profile.setupStep, 1), TOTAL_STEPS) as StepNumber) : 1;

/** A form's age ('' while empty) as the API takes it. */
export const ageValue = (value: unknown): number | null => {
  if (value === '' || value === null || value === undefined) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isNaN(n) ? null : n;
};

export const ageText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
