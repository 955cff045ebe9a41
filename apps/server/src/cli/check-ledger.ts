// `npm run check:ledger`: audits the configured database (DATABASE_URL, else the embedded
// one in DATA_DIR) against the ledger invariants. Exit 1 with a report on any violation.
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { isMigrated } from '../db/migrate.ts';
import { auditLedger } from '../ops/ledger-audit.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  if (!(await isMigrated(database))) {
    console.error('check:ledger: the database is not migrated (start the server once first)');
    process.exitCode = 1;
  } else {
    const problems = await auditLedger(database.db);
    if (problems.length === 0) {
      console.log(`check:ledger: all invariants hold (${database.engine})`);
    } else {
      console.error(`check:ledger: ${problems.length} violation(s):`);
      for (const p of problems) console.error(`  - ${p}`);
      process.exitCode = 1;
    }
  }
} finally {
  await database.close();
}
