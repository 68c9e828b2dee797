import type { z } from 'zod';
import type { trustSubProcessorSchema } from '../../../shared/schemas/trust-center.ts';
import type { DbTransaction } from '../../db/client.ts';

export type TrustSubProcessor = z.infer<typeof trustSubProcessorSchema>;

/**
 * Where the page's sub-processors come from: the organization's vendor register, flagged sub-processors
 * only. app.ts hands in vendors' `listSubProcessors` (vendors ranks below; this module never imports it).
 */
export type SubProcessorSource = (tx: DbTransaction, organizationId: string) => Promise<TrustSubProcessor[]>;

export const noSubProcessors: SubProcessorSource = async () => [];
