import { describe, expect, it } from 'vitest';
import { messages } from '@velvet/core/messages';
import { ApiError } from '../../../lib/api-client';
import { signInFailure } from './sign-in';

const refused = (code: string, minutes: number) => new ApiError(429, code, 'server words', { code, retryAfterMinutes: minutes });

describe('signInFailure: which sign-in limit was met', () => {
  it("names the account's limit", () => {
    expect(signInFailure(refused('SIGN_IN_THROTTLED', 12))).toEqual({
      title: messages.signIn.failedTitle,
      description: messages.signIn.throttled(12),
    });
  });

  it("names the address's limit, in its own words", () => {
    const { description } = signInFailure(refused('SIGN_IN_THROTTLED_ADDRESS', 3));
    expect(description).toBe(messages.signIn.throttledAddress(3));
    expect(description).not.toBe(messages.signIn.throttled(3));
  });

  it('says the spec words for any other 429', () => {
    expect(signInFailure(new ApiError(429, 'TOO_MANY_REQUESTS', 'x')).description).toBe(messages.signIn.tooManyRequests);
  });
});
