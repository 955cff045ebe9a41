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

/** Builds apps/web when dist is missing or older than its sources. */
export function ensureWebBuilt(): void {
  const built = existsSync(webDist) ? statSync(webDist).mtimeMs : 0;
  const sources = Math.max(...webInputs.map((p) => newestMtime(join(repoRoot, p))));
  if (built > sources) return;
  console.log('[e2e] building apps/web ...');
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const env = { ...process.env, NODE_ENV: 'production' };
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: repoRoot, stdio: 'inherit', env });
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
];
const DROPPED_ENV = ['REDIS_URL', 'TELEGRAM_BOT_TOKEN', 'TELEGRAM_BOT_USERNAME', 'WEB_DIST', 'JWT_SECRET'];

/**
 * Starts the real server (`npx tsx apps/server/src/main.ts`) on a free port with a fresh data
 * directory, dev sign-in and demo data, and waits until GET /readyz answers 200.
 */
export async function startServer(): Promise<RunningServer> {
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
  });
  // Its own process group, so stopping it also stops the node process npx starts.
  const child = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
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
    const audit = spawnSync('npx', ['tsx', 'apps/server/src/cli/check-ledger.ts'], {
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
