import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const webDist = join(repoRoot, 'apps/web/dist/index.html');
/** Inputs of the web build: when any is newer than dist, dist is stale. */
const webInputs = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/shared/src',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

const serverDist = join(repoRoot, 'apps/server/dist/main.js');
const serverInputs = ['apps/server/src', 'apps/server/build.mjs', 'packages/shared/src'];

/** Builds apps/web and apps/server when their dist is missing or older than their sources. */
export function ensureWebBuilt(): void {
  for (const [workspace, output, inputs] of [
    ['apps/web', webDist, webInputs],
    ['apps/server', serverDist, serverInputs],
  ] as const) {
    const built = existsSync(output) ? statSync(output).mtimeMs : 0;
    const sources = Math.max(...inputs.map((p) => newestMtime(join(repoRoot, p))));
    if (built > sources) continue;
    console.log(`[e2e] building ${workspace} ...`);
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    const env = { ...process.env, NODE_ENV: 'production' };
    execFileSync('npm', ['run', 'build', '-w', workspace], { cwd: repoRoot, stdio: 'inherit', env });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export interface RunningServer {
  baseURL: string;
  stop: () => Promise<void>;
}

/** A back-office admin the harness creates before the server starts (withdrawal decisions). */

/** Server settings the harness owns; everything else in the environment is passed through. */
const OWNED_ENV = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'AUTH_DEV_LOGIN',
  'DEMO_DATA',
  'RATE_LIMIT',
  'LOG_LEVEL',
  'NODE_ENV',
  'CHAIN_MODE',
  'DEVNET_BLOCK_SECONDS',
];
const DROPPED_ENV = ['REDIS_URL', 'TELEGRAM_BOT_TOKEN', 'TELEGRAM_BOT_USERNAME', 'WEB_DIST', 'JWT_SECRET'];

/**
 * Starts the real, compiled server (`node apps/server/dist/main.js`, made by `npm run build`)
 * on a free port with a fresh data directory, dev sign-in and demo data, and waits until
 * GET /readyz answers 200. `extraEnv` is set on top (global setup's price feed stub).
 */
export async function startServer(extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  if (!existsSync(serverDist)) {
    throw new Error('apps/server/dist is missing: run `npm run build` before the browser suite');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'p2p-e2e-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of [...OWNED_ENV, ...DROPPED_ENV]) delete env[key];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    AUTH_DEV_LOGIN: '1',
    DEMO_DATA: '1',
    RATE_LIMIT: '0',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    // Simulated chains for money in and out; blocks only when a journey mines them, so
    // confirmations climb when the test says so.
    CHAIN_MODE: 'devnet',
    DEVNET_BLOCK_SECONDS: '3600',
    // Settings of the caller's (e.g. the local price feed of global-setup.ts).
    ...extraEnv,
  });
  createStaffAccounts(env);
  // Its own process group, so stopping it stops everything it started.
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await killGroup(child);
    // The books the journeys wrote must still balance: audit them before the data goes.
    const audit = spawnSync(process.execPath, ['apps/server/dist/check-ledger.js'], {
      cwd: repoRoot,
      env,
      encoding: 'utf8',
    });
    rmSync(dataDir, { recursive: true, force: true });
    if (audit.status !== 0)
      throw new Error(`check:ledger failed after the journeys:\n${audit.stdout}${audit.stderr}`);
    console.log(audit.stdout.trim());
  };
  try {
    await waitForReady(baseURL, child, () => output);
  } catch (error) {
    await killGroup(child);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return { baseURL, stop };
}

/** Back-office accounts the journeys sign in with (created with the staff CLI before start). */
export const STAFF = {
  admin: { email: 'e2e-admin@example.test', password: 'e2e-admin-pass', role: 'admin' },
  moderator: { email: 'e2e-moderator@example.test', password: 'e2e-moderator-pass', role: 'moderator' },
  /** The second admin of four eyes (docs/decisions/023): approves what another proposed. */
  secondAdmin: {
    email: 'e2e-admin-two@example.test',
    password: 'e2e-admin-two-pass',
    role: 'admin',
    lastName: 'second-admin',
  },
} as const;

/** The admin the money journeys sign in with. */
export const E2E_STAFF = { email: STAFF.admin.email, password: STAFF.admin.password } as const;

/** The embedded database takes one process at a time: create staff before the server opens it. */
function createStaffAccounts(env: NodeJS.ProcessEnv): void {
  for (const staff of Object.values(STAFF)) {
    const run = spawnSync(
      process.execPath,
      [
        'apps/server/dist/staff-create.js',
        '--email',
        staff.email,
        '--password',
        staff.password,
        '--role',
        staff.role,
        '--first-name',
        'E2E',
        '--last-name',
        'lastName' in staff ? staff.lastName : staff.role,
      ],
      { cwd: repoRoot, env, encoding: 'utf8' },
    );
    // 1 = the account exists already (a reused PostgreSQL database): fine.
    if (run.status !== 0 && run.status !== 1)
      throw new Error(`staff:create failed:\n${run.stdout}${run.stderr}`);
  }
}

async function waitForReady(baseURL: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseURL}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not ready after 90 s:\n${output()}`);
}

async function killGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
