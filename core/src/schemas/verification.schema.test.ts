import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { badgesOf, VERIFICATION_FORM_SCHEMAS, verificationProgress } from './verification.schema';

const m = messages.verification;

describe('verification progress (spec §5)', () => {
  it('counts 25% each for a couple’s names, ages, duration and photo', () => {
    expect(verificationProgress('couple', {}, false)).toBe(0);
    expect(verificationProgress('couple', { partner1Name: 'A' }, false)).toBe(0);
    expect(verificationProgress('couple', { partner1Name: 'A', partner2Name: 'B' }, false)).toBe(25);
    expect(verificationProgress('couple', { partner1Name: 'A', partner2Name: 'B', partner1Age: 30, partner2Age: 31 }, false)).toBe(50);
    expect(
      verificationProgress(
        'couple',
        { partner1Name: 'A', partner2Name: 'B', partner1Age: 30, partner2Age: 31, relationshipDuration: '2y' },
        true,
      ),
    ).toBe(100);
  });

  it('counts 20% each for name, age and gender and 40% for the photo otherwise', () => {
    for (const type of ['individual', 'model', 'vip'] as const) {
      expect(verificationProgress(type, { fullName: '  ' }, false)).toBe(0);
      expect(verificationProgress(type, { fullName: 'A', age: 30 }, false)).toBe(40);
      expect(verificationProgress(type, { fullName: 'A', age: 30, gender: 'male' }, true)).toBe(100);
    }
    expect(verificationProgress('photo', { fullName: 'A' }, true)).toBe(100);
  });
});

describe('verification forms', () => {
  it('take ages 18 to 100 only, as whole numbers', () => {
    const base = { fullName: 'Ada', gender: 'female' };
    for (const age of [17, 101, 30.5, '30']) {
      const parsed = VERIFICATION_FORM_SCHEMAS.individual.safeParse({ ...base, age });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(m.ageRange);
    }
    expect(VERIFICATION_FORM_SCHEMAS.individual.safeParse({ ...base, age: 18 }).success).toBe(true);
    expect(VERIFICATION_FORM_SCHEMAS.individual.safeParse({ ...base, age: 100 }).success).toBe(true);
  });

  it('refuse markup, unknown fields and missing type-specific fields', () => {
    expect(VERIFICATION_FORM_SCHEMAS.photo.safeParse({ fullName: '<img src=x>' }).error?.issues[0]?.message).toBe(m.noMarkup);
    expect(VERIFICATION_FORM_SCHEMAS.photo.safeParse({ fullName: 'Ada', verified: true }).success).toBe(false);
    expect(VERIFICATION_FORM_SCHEMAS.model.safeParse({ fullName: 'Ada', age: 30, gender: 'female' }).success).toBe(false);
    expect(VERIFICATION_FORM_SCHEMAS.vip.safeParse({ fullName: 'Ada', age: 30, gender: 'female', vipMembershipId: 'VIP-1' }).success).toBe(
      true,
    );
  });

  it('keeps known badges only, in one order', () => {
    expect(badgesOf(['exclusive', 'bogus', 'verified_couple'])).toEqual(['verified_couple', 'exclusive']);
    expect(badgesOf(null)).toEqual([]);
  });
});
