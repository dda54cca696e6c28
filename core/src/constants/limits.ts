/** Business constants and limits (spec §9). */
export const limits = {
  /** per account (email, counted per client address): the spec's tight limit */
  signInThrottle: { maxAttempts: 5, windowMinutes: 15 },
  /** per client address across every account: generous, as thousands of members can share one address */
  signInAddressThrottle: { maxFailures: 100, windowMinutes: 15 },
  guardAuthWaitMs: 5000,
  bioMaxLength: 1000,
  profileAge: { min: 18, max: 120 },
  verificationAge: { min: 18, max: 100 },
  lookingForMax: 5,
  interestsMax: 5,
  contentFileMaxBytes: 50 * 1024 * 1024,
  imageMaxBytes: 5 * 1024 * 1024,
  setupWizardSteps: 4,
  passwordMinLength: 8,
  passwordMaxLength: 128,
  toast: { durationMs: 5000, swipeThresholdPx: 50, hotkey: 'F8', limit: 1 },
  jsonBodyMaxBytes: 1024 * 1024,
  /** objects and arrays inside one another in a JSON body; deeper is refused before any parser sees it */
  jsonMaxDepth: 64,
  contactMessageMax: 5000,
  /** the optional reason a member gives when blocking someone */
  blockReasonMax: 500,
  /** blocked user id shown (spec §9): its first characters */
  blockedIdShown: 8,
} as const;
