import { describe, expect, it } from 'vitest';
import { applyChange, revertChange } from './settings-state';

const off = { anonymousMode: false, hideLastActive: false, hideLocation: false };

describe('privacy toggles, optimistic', () => {
  it('shows a change at once, and takes it back when the server refuses it', () => {
    const shown = applyChange(off, { anonymousMode: true });
    expect(shown).toEqual({ ...off, anonymousMode: true });
    expect(revertChange(shown, { anonymousMode: true }, off)).toEqual(off);
  });

  it('a refused change takes back only its own toggle, not one changed meanwhile', () => {
    const first = applyChange(off, { hideLocation: true });
    const both = applyChange(first, { hideLastActive: true });
    expect(revertChange(both, { hideLocation: true }, off)).toEqual({ ...off, hideLastActive: true });
  });

  it('keeps a newer choice of the same toggle when an older change fails', () => {
    const on = applyChange(off, { anonymousMode: true });
    const offAgain = applyChange(on, { anonymousMode: false });
    // the first request (turning it on) fails after the member already turned it off
    expect(revertChange(offAgain, { anonymousMode: true }, off)).toEqual(off);
    const onAgain = applyChange(offAgain, { anonymousMode: true });
    // the second request (turning it off) fails: back to on, as it was before that change
    expect(revertChange(onAgain, { anonymousMode: false }, on)).toEqual(on);
  });
});
