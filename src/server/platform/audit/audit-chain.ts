import { sql } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client.ts';

/**
 * Verifies one hash chain of the audit trail (docs/audit.md) in the database, with the same
 * `audit_event_digest` function the insert trigger hashed with: every row's hash must equal the digest
 * of its content, its prev_hash the previous row's hash (64 zeros for the first), its seq the previous
 * seq + 1, and the chain's head (last seq and hash) must match the last row, so an edited, removed or
 * reordered row, and a removed tail, are all detected.
 */

export const GENESIS_HASH = '0'.repeat(64);

export type ChainBreakReason = 'hash_mismatch' | 'prev_hash_mismatch' | 'sequence_gap' | 'head_mismatch';

export interface ChainVerification {
  chain: string;
  ok: boolean;
  /** Rows checked. */
  count: number;
  /** The hash of the last row (the head), or the genesis hash of an empty chain. */
  headHash: string;
  /** The first row that fails, when one does. */
  brokenAt: { seq: number; id: string | null; reason: ChainBreakReason } | null;
  verifiedAt: string;
}

interface BreakRow extends Record<string, unknown> {
  id: string;
  seq: string | number;
  reason: ChainBreakReason;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The chain key of an organization: its id, or 'global' for the events of no organization. */
export function chainKey(organizationId: string | null): string {
  return organizationId ?? 'global';
}

export async function verifyChain(db: Db | DbTransaction, organizationId: string | null): Promise<ChainVerification> {
  const chain = chainKey(organizationId);
  const [firstBreak] = rowsOf<BreakRow>(
    await db.execute(sql`
      with ordered as (
        select e.id, e.seq, e.hash, e.prev_hash, audit_event_digest(e) as digest,
               lag(e.hash) over (order by e.seq) as previous_hash,
               lag(e.seq) over (order by e.seq) as previous_seq
        from audit_events e where e.chain = ${chain}
      )
      select id, seq,
             case when hash <> digest then 'hash_mismatch'
                  when prev_hash <> coalesce(previous_hash, ${GENESIS_HASH}) then 'prev_hash_mismatch'
                  else 'sequence_gap' end as reason
      from ordered
      where hash <> digest
         or prev_hash <> coalesce(previous_hash, ${GENESIS_HASH})
         or seq <> coalesce(previous_seq, 0) + 1
      order by seq
      limit 1`),
  );
  const [summary] = rowsOf<{ count: string | number; last_seq: string | number | null; last_hash: string | null }>(
    await db.execute(sql`
      select count(*) as count,
             (select seq from audit_events where chain = ${chain} order by seq desc limit 1) as last_seq,
             (select hash from audit_events where chain = ${chain} order by seq desc limit 1) as last_hash
      from audit_events where chain = ${chain}`),
  );
  const [head] = rowsOf<{ seq: string | number; hash: string }>(
    await db.execute(sql`select seq, hash from audit_chain_heads where chain = ${chain}`),
  );
  const count = Number(summary?.count ?? 0);
  const lastSeq = summary?.last_seq === null || summary?.last_seq === undefined ? 0 : Number(summary.last_seq);
  const lastHash = summary?.last_hash ?? GENESIS_HASH;
  let brokenAt: ChainVerification['brokenAt'] = firstBreak
    ? { seq: Number(firstBreak.seq), id: firstBreak.id, reason: firstBreak.reason }
    : null;
  // The head remembers the last append: rows removed from the end leave it pointing past the last row.
  if (!brokenAt && head && (Number(head.seq) !== lastSeq || head.hash !== lastHash)) {
    brokenAt = { seq: lastSeq + 1, id: null, reason: 'head_mismatch' };
  }
  return { chain, ok: brokenAt === null, count, headHash: head?.hash ?? lastHash, brokenAt, verifiedAt: new Date().toISOString() };
}
