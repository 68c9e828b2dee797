import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { vendorQuestionnaires } from '../../db/schema/vendor-questionnaires.ts';

/**
 * The vendor's link (docs/vendor-questionnaires.md): a random 32-byte token e-mailed once, kept only as
 * its SHA-256, for one questionnaire of one vendor until it expires or the vendor submits.
 */

export type QuestionnaireRow = typeof vendorQuestionnaires.$inferSelect;

export const hashQuestionnaireToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newQuestionnaireToken = () => randomBytes(32).toString('base64url');

export const LINK_UNKNOWN = 'This questionnaire link is not valid. Ask the organization that sent it for a new one.';
export const LINK_EXPIRED = 'This questionnaire link has expired. Ask the organization that sent it for a new one.';
export const LINK_SUBMITTED = 'This questionnaire was already submitted; it cannot be changed or submitted again.';

/**
 * The questionnaire a token opens, checked for use: unknown 404, expired 410 (QUESTIONNAIRE_EXPIRED),
 * submitted 409 (QUESTIONNAIRE_SUBMITTED). `lock` holds its row for a change, so a save and a submit
 * (or two submits) run one after the other and the later one sees the first's outcome.
 */
export async function openQuestionnaireLink(tx: DbTransaction, token: string, now: Date, lock = false): Promise<QuestionnaireRow> {
  const query = tx
    .select()
    .from(vendorQuestionnaires)
    .where(eq(vendorQuestionnaires.tokenHash, hashQuestionnaireToken(token)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', LINK_UNKNOWN);
  if (row.status === 'submitted') throw new AppError('QUESTIONNAIRE_SUBMITTED', LINK_SUBMITTED);
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError('QUESTIONNAIRE_EXPIRED', LINK_EXPIRED);
  return row;
}
