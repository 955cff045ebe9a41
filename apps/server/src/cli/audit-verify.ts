// `npm run audit:verify`: checks the staff audit log's hash chain on the configured database
// (DATABASE_URL, else the embedded one in DATA_DIR): an edited or deleted entry, or a rewritten
// tail past a head a proof-of-reserves snapshot published, is reported and exits 1
// (docs/decisions/039-proof-of-reserves.md).

import type { Database } from '../db/client.ts';
import { verifyAuditChain } from '../ops/audit-chain.ts';
import { type CliOutput, runAsProcess } from './cli.ts';

export async function auditVerify(database: Database, out: CliOutput = console): Promise<number> {
  const problems = await verifyAuditChain(database.db);
  if (problems.length === 0) {
    out.log('audit:verify: the staff audit log chain is intact');
    return 0;
  }
  out.error(`audit:verify: ${problems.length} problem(s):`);
  for (const p of problems) out.error(`  - ${p}`);
  return 1;
}

runAsProcess(import.meta.url, 'audit:verify', (database) => auditVerify(database));
