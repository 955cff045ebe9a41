#!/usr/bin/env node
// Mobile Lighthouse on the market page `/`, three runs, medians (not run by CI).
//
//   node scripts/lighthouse.mjs [--runs=3] [--url=http://host:port/] [--mini-app]
//
// --mini-app measures the same page opened as a Telegram Mini App (docs/decisions/029): a webview
// bridge (`TelegramWebviewProxy`) is installed before the page's scripts, and the address carries
// launch data signed with the bot token the started app is given, for a user who has signed in
// before (so the first-time welcome dialog is not part of it). It drives Lighthouse's Node API
// with its own puppeteer-core, installed on first use into a scratch folder (LIGHTHOUSE_DIR
// keeps one between runs); needs the app started here (no --url).
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
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { signInitData } from './telegram-init-data.mjs';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { runs: { type: 'string' }, url: { type: 'string' }, 'mini-app': { type: 'boolean' } },
});
const runs = Number(values.runs ?? 3);
const miniApp = values['mini-app'] === true;
if (miniApp && values.url) throw new Error('--mini-app starts the app itself: leave out --url');
/** The bot the app started for --mini-app trusts; its token signs the launch data. */
const BOT = { token: '7000000002:lighthouse_mini_app_token_abcdefg', username: 'p2p_lighthouse_bot' };
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
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: data,
      LOG_LEVEL: 'warn',
      ...(miniApp
        ? {
            TELEGRAM_BOT_TOKEN: BOT.token,
            TELEGRAM_BOT_USERNAME: BOT.username,
            // Nothing answers there: the bot's own calls fail at once, as offline.
            TELEGRAM_API_ROOT: 'http://127.0.0.1:9',
          }
        : {}),
    },
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
  if (process.env.LIGHTHOUSE_REPORT) writeFileSync(process.env.LIGHTHOUSE_REPORT, run.stdout);
  return summary(JSON.parse(run.stdout));
}

/** The figures of one Lighthouse report. */
function summary(report) {
  // A run Lighthouse could not measure (NO_FCP, a lost trace) has no score: it is retried, never
  // counted as a zero.
  if (report.runtimeError || report.categories.performance.score === null) {
    throw new Error(`lighthouse could not measure the page: ${report.runtimeError?.code ?? 'no score'}`);
  }
  const audit = (id) => report.audits[id]?.numericValue ?? Number.NaN;
  const items = report.audits['resource-summary']?.details?.items ?? [];
  const scripts = items.find((item) => item.resourceType === 'script');
  const requests = report.audits['network-requests']?.details?.items ?? [];
  return {
    score: Math.round(report.categories.performance.score * 100),
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

/** Lighthouse's Node API and its puppeteer-core, installed once into a scratch folder. */
async function lighthouseApi() {
  const dir = process.env.LIGHTHOUSE_DIR ?? join(tmpdir(), 'p2p-lighthouse-api');
  const core = join(dir, 'node_modules', 'lighthouse', 'core', 'index.js');
  if (!existsSync(core)) {
    console.log(`installing ${LIGHTHOUSE} into ${dir} (its Node API, for --mini-app)`);
    const npm = spawnSync(
      'npm',
      ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', LIGHTHOUSE],
      {
        stdio: 'inherit',
      },
    );
    if (npm.status !== 0) throw new Error('could not install lighthouse');
  }
  const { default: run } = await import(core);
  const { default: puppeteer } = await import(
    join(dir, 'node_modules', 'puppeteer-core', 'lib', 'esm', 'puppeteer', 'puppeteer-core.js')
  );
  return { run, puppeteer };
}

/** Launch data as a Telegram client signs it for `user` (scripts/telegram-init-data.mjs). */
function signedInitData(user) {
  return signInitData(BOT.token, {
    query_id: `AALH${Date.now().toString(36)}`,
    user: JSON.stringify(user),
    auth_date: String(Math.floor(Date.now() / 1000)),
  });
}

const MINI_APP_USER = { id: 700_000_777, first_name: 'Лайтхаус', username: 'lighthouse_tma' };

/** The Mini App's user signs in once and names themselves, as a returning user has. */
async function returningUser(base) {
  const post = await fetch(`${base}/api/v1/auth/telegram/webapp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ initData: signedInitData(MINI_APP_USER) }),
  });
  if (post.status !== 200) throw new Error(`Mini App sign-in: ${post.status} ${await post.text()}`);
  const { accessToken } = (await post.json()).data.tokens;
  const put = await fetch(`${base}/api/v1/users/me`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ display_name: 'Лайтхаус' }),
  });
  if (put.status !== 200) throw new Error(`display name: ${put.status} ${await put.text()}`);
}

/** A mobile client's webview bridge, there before the page's first script. */
function telegramBridge() {
  const deliver = (name, data) => setTimeout(() => window.Telegram?.WebView?.receiveEvent?.(name, data), 0);
  const zero = { top: 0, bottom: 0, left: 0, right: 0 };
  window.TelegramWebviewProxy = {
    postEvent(type) {
      const size = { height: window.innerHeight, width: window.innerWidth };
      if (type === 'web_app_request_viewport')
        deliver('viewport_changed', { ...size, is_expanded: true, is_state_stable: true });
      if (type === 'web_app_request_safe_area') deliver('safe_area_changed', zero);
      if (type === 'web_app_request_content_safe_area') deliver('content_safe_area_changed', zero);
    },
  };
}

async function lighthouseInMiniApp(url, api) {
  const launch = new URLSearchParams({
    tgWebAppData: signedInitData(MINI_APP_USER),
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'android',
    tgWebAppThemeParams: JSON.stringify({
      bg_color: '#ffffff',
      text_color: '#000000',
      button_color: '#2f6ea5',
    }),
  });
  const browser = await api.puppeteer.launch({
    executablePath: chrome,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    await page.evaluateOnNewDocument(telegramBridge);
    const result = await api.run(
      `${url}#${launch}`,
      { output: 'json', onlyCategories: ['performance'], logLevel: 'error' },
      undefined,
      page,
    );
    if (!result) throw new Error('lighthouse gave no result');
    if (process.env.LIGHTHOUSE_REPORT) writeFileSync(process.env.LIGHTHOUSE_REPORT, result.report);
    const signedIn = await page.evaluate(() => document.querySelector('.user-menu__button') !== null);
    if (!signedIn) throw new Error('the Mini App did not sign its user in');
    return summary(result.lhr);
  } finally {
    await browser.close();
  }
}

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const app = values.url ? { url: values.url, stop: () => {} } : await startApp();
const results = [];
try {
  const api = miniApp ? await lighthouseApi() : null;
  if (miniApp) await returningUser(app.url.replace(/\/$/, ''));
  const measure = () => (api ? lighthouseInMiniApp(app.url, api) : lighthouse(app.url));
  for (let i = 0; i < runs; i++) {
    let result;
    try {
      result = await measure();
    } catch (error) {
      // Lighthouse now and then loses its own trace (NO_NAVSTART, NO_FCP): one more try, then give up.
      console.log(`  run ${i + 1} failed, retrying: ${String(error).split('\n').at(-3)}`);
      result = await measure();
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
  `\nMobile Lighthouse (${process.env.LIGHTHOUSE_BIN ?? LIGHTHOUSE}, ${chrome}), median of ${runs} on ${app.url}` +
    (miniApp ? ' opened as a Telegram Mini App' : ''),
);
console.log(`performance  ${pick('score')}`);
console.log(`FCP          ${Math.round(pick('fcp'))} ms`);
console.log(`LCP          ${Math.round(pick('lcp'))} ms`);
console.log(`CLS          ${pick('cls').toFixed(3)}`);
console.log(`TBT          ${Math.round(pick('tbt'))} ms`);
console.log(`Speed Index  ${Math.round(pick('si'))} ms`);
console.log(`JS transferred ${(pick('jsTransferred') / 1024).toFixed(1)} KB`);
