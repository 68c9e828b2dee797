import { describe, expect, it } from 'vitest';
import { EMAIL_INVALID_MESSAGE, EMAIL_MAX_LENGTH } from '../rules/email.ts';
import { inviteUserInputSchema } from './access.ts';
import { emailSchema } from './auth.ts';
import { createEngagementInputSchema } from './engagements.ts';
import { inviteMemberInputSchema } from './organizations.ts';

/**
 * Issue 31: every field that takes an address goes through the one rule (src/shared/rules/email.ts), so
 * an address one form accepts is not refused by another. Organization invitations and engagement auditors
 * used zod's own e-mail check with a 254-character limit; the lint rule in eslint.config.js keeps z.email out.
 */
const local = 'a'.repeat(64);
const ofLength = (length: number) => `${local}@${'b'.repeat(length - local.length - 5)}.com`;

/** Written out by hand: what the one rule answers (email.test.ts proves the rule itself). */
const ADDRESSES: readonly [string, boolean][] = [
  ['ada@example.com', true],
  ['  Ada@Example.COM ', true],
  ["o'brien@example.ie", true],
  ['x_y-z!#$%&*/=?^`{|}~@mail-1.example.com', true],
  ['1@2.3', true],
  [ofLength(255), true],
  [ofLength(EMAIL_MAX_LENGTH), true],
  [ofLength(EMAIL_MAX_LENGTH + 1), false],
  ['ada@example', false],
  ['ada..b@example.com', false],
  ['"quoted"@example.com', false],
  ['josé@example.com', false],
  ['ada@[127.0.0.1]', false],
];

const engagement = (email: string) => ({
  organizationId: '00000000-0000-4000-8000-000000000000',
  name: 'SOC 2 Type II 2026',
  frameworkId: 'soc2',
  auditType: 'type2',
  periodStart: '2026-01-01',
  periodEnd: '2026-06-30',
  fieldworkStart: '2026-07-01',
  fieldworkEnd: '2026-07-31',
  accessEndsOn: '2026-08-31',
  auditorEmails: [email],
});

const FIELDS = {
  'sign-in and sign-up (emailSchema)': (email: string) => emailSchema.safeParse(email),
  'an administrator’s invitation': (email: string) =>
    inviteUserInputSchema.safeParse({ email, userType: 'client', roles: [{ role: 'client' }] }),
  'an organization’s invitation': (email: string) => inviteMemberInputSchema.safeParse({ email }),
  'an engagement’s auditors': (email: string) => createEngagementInputSchema.safeParse(engagement(email)),
};

describe('every field that takes an e-mail address agrees with the one rule', () => {
  for (const [field, parse] of Object.entries(FIELDS)) {
    it(field, () => {
      const answers = ADDRESSES.map(([email]) => [email, parse(email).success]);
      expect(answers).toEqual(ADDRESSES);
    });
  }

  it('says why with the one message, and stores the address trimmed and lower-cased', () => {
    const refused = inviteMemberInputSchema.safeParse({ email: 'ada@example' });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([EMAIL_INVALID_MESSAGE]);
    expect(createEngagementInputSchema.parse(engagement(' Auditor@Firm.example ')).auditorEmails).toEqual(['auditor@firm.example']);
    expect(inviteMemberInputSchema.parse({ email: ' Ada@Example.COM ' }).email).toBe('ada@example.com');
  });
});
