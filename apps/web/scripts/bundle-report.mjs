#!/usr/bin/env node
// After `npm run build -w apps/web`: the JavaScript the market page `/` loads on a first visit,
// gzip-compressed, chunk by chunk. Read from the Vite manifest (dist/.vite/manifest.json): the
// entry, its static imports (transitively), the market route's chunk with its static imports
// when that route is lazy, and the texts of the default language (main.tsx loads them before
// the first render; a visitor who chose English loads those instead, which are smaller).
// Other dynamic imports are not counted: they load when a screen needs them. `--json` prints the figures as JSON; `--max=KB` fails when the total is larger.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run \`npm run build -w apps/web\` first.`);
  process.exit(1);
}
/** @type {Record<string, {file: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[], src?: string}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const args = process.argv.slice(2);
const json = args.includes('--json');
const max = Number(args.find((a) => a.startsWith('--max='))?.slice(6) ?? Number.NaN);

/** Source paths of the market route's own modules: the chunk that holds them is counted too. */
const MARKET_ROUTE = /src\/features\/market\//;
/** The default language's first-load texts (packages/shared/src/i18n/ru/first-load.ts), loaded before the first render. */
const DEFAULT_TEXTS = /packages\/shared\/src\/i18n\/ru\/first-load\.ts$/;

const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length !== 1) throw new Error(`expected one entry in the manifest, found ${entries.length}`);
const [entryKey] = entries[0];

const loaded = new Map(); // manifest key -> why it loads
const visit = (key, why) => {
  if (loaded.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no ${key}`);
  loaded.set(key, why);
  for (const dep of chunk.imports ?? []) visit(dep, 'static import');
};
visit(entryKey, 'entry');
// The market route when it is split out of the entry (a lazy route): its chunk and imports.
for (const [key, chunk] of Object.entries(manifest)) {
  if (!loaded.has(key) && MARKET_ROUTE.test(chunk.src ?? key) && chunk.file.endsWith('.js')) {
    visit(key, 'market route');
  }
}
const texts = Object.keys(manifest).filter((key) => DEFAULT_TEXTS.test(manifest[key].src ?? key));
if (texts.length !== 1)
  throw new Error(`expected one chunk of the default language's texts, found ${texts.length}`);
visit(texts[0], 'texts (ru), before first render');

const rows = [...loaded].map(([key, why]) => {
  const file = manifest[key].file;
  const data = readFileSync(join(dist, file));
  return { file, why, raw: data.length, gzip: gzipSync(data, { level: 9 }).length };
});
rows.sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((sum, r) => ({ raw: sum.raw + r.raw, gzip: sum.gzip + r.gzip }), {
  raw: 0,
  gzip: 0,
});
const kb = (bytes) => (bytes / 1024).toFixed(1);

if (json) {
  console.log(JSON.stringify({ chunks: rows, total }, null, 2));
} else {
  console.log('JavaScript loaded by the market page / on first visit (gzip -9):\n');
  const width = Math.max(...rows.map((r) => r.file.length), 5);
  console.log(`${'chunk'.padEnd(width)}  ${'raw KB'.padStart(8)}  ${'gzip KB'.padStart(8)}  why`);
  for (const r of rows) {
    console.log(`${r.file.padEnd(width)}  ${kb(r.raw).padStart(8)}  ${kb(r.gzip).padStart(8)}  ${r.why}`);
  }
  console.log(`${'total'.padEnd(width)}  ${kb(total.raw).padStart(8)}  ${kb(total.gzip).padStart(8)}`);
  const lazy = Object.values(manifest).filter((c) => c.file.endsWith('.js')).length - rows.length;
  console.log(`\n${lazy} other JavaScript chunks load only when a screen needs them.`);
}
if (Number.isFinite(max) && total.gzip > max * 1024) {
  console.error(`market page JavaScript ${kb(total.gzip)} KB gzip is over the ${max} KB budget`);
  process.exit(1);
}
