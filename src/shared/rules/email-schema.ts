import { z } from 'zod';
import { EMAIL_INVALID_MESSAGE, isValidEmail } from './email.ts';

/**
 * The rule as a zod schema, for the end of a pipe whose first half trims the value and caps it at
 * EMAIL_MAX_LENGTH (a pipe stops at the first half's failure, so the pattern never sees more).
 * Apart from the rule itself so that a page checking addresses with isValidEmail does not load zod.
 */
export const emailPatternSchema = z.string().refine(isValidEmail, EMAIL_INVALID_MESSAGE);
