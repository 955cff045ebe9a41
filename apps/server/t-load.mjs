import { mkdtempSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

const mb = (n) => Math.round(n / 1048576);
const d2 = mkdtempSync('/tmp/pgl-');
const t = performance.now();
if (process.argv[2] === 'load') {
  const db2 = await PGlite.create(d2, { loadDataDir: new Blob([readFileSync('/tmp/tmpl.tar')]) });
  console.log('load+open', Math.round(performance.now() - t), 'rss', mb(process.memoryUsage().rss));
  await db2.query('select 1');
  globalThis.gc?.();
  await new Promise((r) => setTimeout(r, 3000));
  console.log('rss after', mb(process.memoryUsage().rss), 'ext', mb(process.memoryUsage().external));
} else {
  // extract only: PGlite in a child? measure reopen of an existing dir
}
