#!/usr/bin/env node
// `npm start`: runs the compiled server (apps/server/dist) with the built web app. Either build
// is made first only when it is missing or older than its sources, so `npm ci && npm start`
// works on a fresh clone and a second start begins at once. The server runs in this process:
// no TypeScript compiler and no second Node process at run time.
//
// Outside production the defaults make a local demo: embedded database, demo data, dev
// sign-in, the simulated devnet chains and demo prices while the price feed is unreachable
// (explicit env wins). With NODE_ENV=production none
// of them is set; the server then refuses to start without JWT_SECRET and TOTP_ENCRYPTION_KEY.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Newest modification time under these paths of `base` (node_modules and dist skipped). */
function newestMtime(base, paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (!stat.isDirectory()) {
      newest = Math.max(newest, stat.mtimeMs);
      return;
    }
    for (const entry of readdirSync(path)) {
      if (entry !== 'node_modules' && entry !== 'dist') visit(join(path, entry));
    }
  };
  for (const p of paths) visit(join(base, p));
  return newest;
}

const shared = ['packages/shared/src', 'packages/shared/package.json', 'package-lock.json'];
const targets = [
  {
    name: 'server',
    workspace: 'apps/server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', ...shared],
  },
  {
    name: 'web app',
    workspace: 'apps/web',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/public', ...shared],
  },
];

/** The targets (server, web app) whose output is missing or older than their newest source. */
export function staleTargets(base = root) {
  return targets.filter((t) => {
    const output = join(base, t.output);
    return !existsSync(output) || statSync(output).mtimeMs < newestMtime(base, t.sources);
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const target of staleTargets()) {
    console.log(`Building the ${target.name}...`);
    const build = spawnSync('npm', ['run', 'build', '-w', target.workspace], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }

  if (process.env.NODE_ENV !== 'production') {
    process.env.DEMO_DATA ??= '1';
    process.env.AUTH_DEV_LOGIN ??= '1';
    process.env.CHAIN_MODE ??= 'devnet';
    // Offline, the demo walk prices floating orders and the wallet, marked «Демо-цены».
    process.env.PRICE_FEED ??= 'auto';
  }
  process.chdir(root);
  await import(pathToFileURL(join(root, 'apps/server/dist/main.js')).href);
}
