// `node dist/pglite-template.js <dir>` (run by build.mjs): makes the embedded cluster a new data
// directory starts from, with every migration applied (db/client.ts, PGLITE_TEMPLATE_DIR).
import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';

const target = process.argv[2];
if (!target) {
  console.error('usage: node dist/pglite-template.js <dir>');
  process.exit(2);
}
// Built aside and moved into place, so a failed build never leaves half a template behind.
const work = mkdtempSync(join(dirname(target), '.pglite-template-'));
try {
  const database = await openDatabase({ dataDir: work });
  const applied = await migrate(database);
  await database.close();
  rmSync(target, { recursive: true, force: true });
  renameSync(join(work, 'pglite'), target);
  console.log(`embedded database template: ${target} (${applied.length} migrations)`);
} finally {
  if (existsSync(work)) rmSync(work, { recursive: true, force: true });
}
