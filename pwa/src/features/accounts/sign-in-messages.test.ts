import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { describeSignInError } from './sign-in-messages';

describe('describeSignInError', () => {
  it("passes on the server's words for a rate limit, which say how long to wait", () => {
    const error = new ApiError('server', 'Too many sign-ins as ada@example.test. Try again in 12 minutes.', { code: 'RATE_LIMITED', status: 429 });
    expect(describeSignInError(error)).toBe('Too many sign-ins as ada@example.test. Try again in 12 minutes.');
  });

  it('still says what to do when the answer carries no words', () => {
    const error = new ApiError('server', 'RATE_LIMITED', { code: 'RATE_LIMITED', status: 429 });
    expect(describeSignInError(error)).toMatch(/^Too many attempts in a short time\. Wait/);
  });
});
