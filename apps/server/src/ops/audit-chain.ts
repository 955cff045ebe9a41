import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/client.ts';

/**
 * Checks the staff audit log's hash chain (docs/decisions/039-proof-of-reserves.md, section 5;
 * docs/proof-of-reserves.md): every entry's hash recomputed from its content and the previous
 * hash (migration 0044's `audit_entry_digest`), `prev_hash` equal to the entry before's hash,
 * `chain_seq` without gaps from 1, and every head a snapshot published still in the chain.
 * Returns one line per problem; an empty list means no entry was edited or deleted.
 */
export async function verifyAuditChain(db: Executor): Promise<string[]> {
  const problems: string[] = [];
  const rows = await queryRows<{
    id: string;
    seq: string;
    prev: string | null;
    stored: string;
    recomputed: string;
  }>(
    db,
    sql`SELECT id::text, chain_seq::text AS seq, prev_hash AS prev, entry_hash AS stored,
          audit_entry_digest(prev_hash, chain_seq, id, staff_id, action, entity_type, entity_id, ip_address,
            user_agent, note, before_state, after_state, metadata, created_at) AS recomputed
        FROM audit_logs ORDER BY chain_seq`,
  );
  let expectedSeq = 1n;
  let previous: string | null = null;
  const bySeq = new Map<string, string>();
  for (const row of rows) {
    const seq = BigInt(row.seq);
    if (seq !== expectedSeq) {
      problems.push(
        `entries ${expectedSeq}..${seq - 1n} of the chain are missing (deleted) before entry ${row.id}`,
      );
    }
    if (row.prev !== previous) {
      problems.push(
        `entry ${row.id} (#${row.seq}) does not follow the entry before it: its previous hash differs`,
      );
    }
    if (row.recomputed !== row.stored) {
      problems.push(
        `entry ${row.id} (#${row.seq}) was changed after it was written: its hash does not match`,
      );
    }
    bySeq.set(row.seq, row.stored);
    previous = row.stored;
    expectedSeq = seq + 1n;
  }
  // The heads published with proof-of-reserves snapshots anchor the chain: a tail deleted or
  // rewritten (every later hash recomputed) no longer has them.
  const heads = await queryRows<{ id: string; seq: string; hash: string }>(
    db,
    sql`SELECT id, audit_head_seq::text AS seq, audit_head_hash AS hash FROM por_snapshots
        WHERE status = 'published' AND audit_head_seq IS NOT NULL ORDER BY seq`,
  );
  for (const head of heads) {
    const found = bySeq.get(head.seq);
    if (found === undefined)
      problems.push(`entry #${head.seq}, published as the head by snapshot ${head.id}, is gone`);
    else if (found !== head.hash) {
      problems.push(
        `entry #${head.seq} is not the one published as the head by snapshot ${head.id}: the chain was rewritten`,
      );
    }
  }
  return problems;
}
