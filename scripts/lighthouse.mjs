#!/usr/bin/env node
// Mobile Lighthouse on the market page `/`, three runs, medians (not run by CI).
//
//   node scripts/lighthouse.mjs [--runs=3] [--url=http://host:port/]
//
// Without --url it starts the built app the way `npm start` does (scripts/start.mjs builds what
// is stale first) on a free port with a throw-away embedded database and demo data, and stops it
// afterwards. Lighthouse 12 (the last major that runs on Node 20) comes through npx; Chromium
// is Debian's /usr/bin/chromium unless CHROME_PATH says otherwise. Lighthouse's own mobile
// settings apply: a Moto G Power screen, 4x CPU slowdown, simulated slow 4G.
// LIGHTHOUSE_REPORT=<file> keeps the last run's full JSON report for a closer look.
// LIGHTHOUSE_BIN=<path> runs an installed Lighthouse instead (offline: `npm i -E lighthouse@12.2.3`
// in a scratch folder, then LIGHTHOUSE_BIN=<folder>/node_modules/.bin/lighthouse).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { runs: { type: 'string' }, url: { type: 'string' } } });
const runs = Number(values.runs ?? 3);
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startApp() {
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), 'p2p-lighthouse-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: data, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    const status = await fetch(`${base}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the app did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    url: `${base}/`,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(data, { recursive: true, force: true });
    },
  };
}

function lighthouse(url) {
  const [command, ...first] = process.env.LIGHTHOUSE_BIN
    ? [process.env.LIGHTHOUSE_BIN]
    : ['npx', '--yes', LIGHTHOUSE];
  const run = spawnSync(
    command,
    [
      ...first,
      url,
      '--only-categories=performance',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--chrome-path=${chrome}`,
      '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking',
    ],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, CHROME_PATH: chrome },
    },
  );
  if (run.status !== 0) throw new Error(`lighthouse failed (${run.status}): ${run.stderr.slice(-2000)}`);
  const report = JSON.parse(run.stdout);
  if (process.env.LIGHTHOUSE_REPORT) writeFileSync(process.env.LIGHTHOUSE_REPORT, run.stdout);
  const audit = (id) => report.audits[id]?.numericValue ?? Number.NaN;
  const items = report.audits['resource-summary']?.details?.items ?? [];
  const scripts = items.find((item) => item.resourceType === 'script');
  const requests = report.audits['network-requests']?.details?.items ?? [];
  return {
    score: Math.round((report.categories.performance.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbt: audit('total-blocking-time'),
    si: audit('speed-index'),
    jsTransferred: scripts?.transferSize ?? Number.NaN,
    jsRequests: scripts?.requestCount ?? Number.NaN,
    // Whether the scripts came compressed (transfer well under their size).
    jsResource: requests
      .filter((r) => r.resourceType === 'Script')
      .reduce((sum, r) => sum + (r.resourceSize ?? 0), 0),
    warnings: report.runWarnings ?? [],
  };
}

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const app = values.url ? { url: values.url, stop: () => {} } : await startApp();
const results = [];
try {
  for (let i = 0; i < runs; i++) {
    let result;
    try {
      result = lighthouse(app.url);
    } catch (error) {
      // Lighthouse now and then loses its own trace (NO_NAVSTART): one more try, then give up.
      console.log(`  run ${i + 1} failed, retrying: ${String(error).split('\n').at(-3)}`);
      result = lighthouse(app.url);
    }
    results.push(result);
    console.log(
      `run ${i + 1}: performance ${result.score}, LCP ${Math.round(result.lcp)} ms, CLS ${result.cls.toFixed(3)}, ` +
        `TBT ${Math.round(result.tbt)} ms, JS ${(result.jsTransferred / 1024).toFixed(1)} KB transferred ` +
        `(${(result.jsResource / 1024).toFixed(1)} KB uncompressed, ${result.jsRequests} requests)`,
    );
    for (const warning of result.warnings) console.log(`  warning: ${warning}`);
  }
} finally {
  app.stop();
}
const pick = (key) => median(results.map((r) => r[key]));
console.log(
  `\nMobile Lighthouse (${process.env.LIGHTHOUSE_BIN ?? LIGHTHOUSE}, ${chrome}), median of ${runs} on ${app.url}`,
);
console.log(`performance  ${pick('score')}`);
console.log(`FCP          ${Math.round(pick('fcp'))} ms`);
console.log(`LCP          ${Math.round(pick('lcp'))} ms`);
console.log(`CLS          ${pick('cls').toFixed(3)}`);
console.log(`TBT          ${Math.round(pick('tbt'))} ms`);
console.log(`Speed Index  ${Math.round(pick('si'))} ms`);
console.log(`JS transferred ${(pick('jsTransferred') / 1024).toFixed(1)} KB`);
