import { describe, expect, it } from 'vitest';
import { EMAIL_INVALID_MESSAGE } from '../rules/email.ts';
import { mfaCodeSchema, signInInputSchema, signUpInputSchema } from './auth.ts';

describe('auth form schemas', () => {
  it('normalises the e-mail and enforces the server password policy', () => {
    expect(signInInputSchema.parse({ email: ' Ada@Example.COM ', password: 'x' })).toEqual({ email: 'ada@example.com', password: 'x' });
    const short = signUpInputSchema.safeParse({ email: 'ada@example.com', password: 'short' });
    expect(short.error?.issues[0]?.message).toBe('Password should be at least 8 characters.');
    expect(signUpInputSchema.safeParse({ email: 'not-an-email', password: 'long-enough-1' }).error?.issues[0]?.message).toBe(
      EMAIL_INVALID_MESSAGE,
    );
    expect(mfaCodeSchema.safeParse('12345a').success).toBe(false);
    expect(mfaCodeSchema.parse(' 123456 ')).toBe('123456');
  });
});
