/**
 * The market page's first load for `npm run bench` (scripts/bench.ts): its JavaScript (gzip,
 * the bundle report of apps/web) and mobile Lighthouse on `/`, on the web and opened as a
 * Telegram Mini App (scripts/lighthouse.mjs, which builds what is stale and starts the app on a
 * throw-away embedded database). BENCH_LIGHTHOUSE=0 leaves Lighthouse out (it downloads
 * Lighthouse through npx on first use); the JavaScript is then read from the last build.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface LighthouseFigures {
  performance: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

export interface FirstLoad {
  /** gzip KB of the JavaScript `/` loads first; null without a build. */
  jsKb: number | null;
  web: LighthouseFigures | null;
  miniApp: LighthouseFigures | null;
  /** Why a figure is missing (Lighthouse skipped or failed). */
  note: string | null;
}

function run(args: string[]): { ok: boolean; out: string } {
  const res = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  return { ok: res.status === 0, out: `${res.stdout ?? ''}${res.stderr ?? ''}` };
}

/** The medians scripts/lighthouse.mjs prints ("performance  96", "LCP  2234 ms", ...). */
function lighthouse(extra: string[], runs: number): LighthouseFigures | null {
  const res = run(['scripts/lighthouse.mjs', `--runs=${runs}`, ...extra]);
  const figure = (name: string) =>
    Number(new RegExp(`^${name}\\s+([\\d.]+)`, 'm').exec(res.out)?.[1] ?? Number.NaN);
  const figures = {
    performance: figure('performance'),
    fcp: figure('FCP'),
    lcp: figure('LCP'),
    tbt: figure('TBT'),
    cls: figure('CLS'),
  };
  return res.ok && Object.values(figures).every(Number.isFinite) ? figures : null;
}

export function measureFirstLoad(runs: number): FirstLoad {
  const withLighthouse = process.env.BENCH_LIGHTHOUSE !== '0';
  const web = withLighthouse ? lighthouse([], runs) : null;
  const miniApp = withLighthouse ? lighthouse(['--mini-app'], runs) : null;
  const report = run(['apps/web/scripts/bundle-report.mjs', '--json']);
  const total = report.ok ? (JSON.parse(report.out) as { total: { gzip: number } }).total.gzip : null;
  return {
    jsKb: total === null ? null : total / 1024,
    web,
    miniApp,
    note: withLighthouse
      ? web && miniApp
        ? null
        : 'Lighthouse failed (run node scripts/lighthouse.mjs to see why)'
      : 'Lighthouse skipped (BENCH_LIGHTHOUSE=0)',
  };
}

const lh = (f: LighthouseFigures | null) =>
  f ? `${f.performance} (FCP ${f.fcp}, LCP ${f.lcp}, TBT ${f.tbt} ms, CLS ${f.cls})` : '-';

/** One line for the summary table: the JavaScript, then both Lighthouse medians. */
export function formatFirstLoad(f: FirstLoad): string {
  const js = f.jsKb === null ? 'no build' : `${f.jsKb.toFixed(1)} KB gzip JS`;
  if (!f.web && !f.miniApp) return `${js}; ${f.note ?? ''}`;
  return `${js}; Lighthouse web ${lh(f.web)}; Mini App ${lh(f.miniApp)}`;
}
