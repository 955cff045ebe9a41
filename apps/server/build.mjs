#!/usr/bin/env node
// `npm run build -w apps/server`: bundles the server and its command-line tools into
// apps/server/dist with esbuild. Our own TypeScript (this app and packages/shared) is compiled
// into the bundle; npm packages stay external and load from node_modules, so native modules
// (sharp, argon2) and PGlite's WebAssembly files are used as installed. Migrations are copied
// beside the bundle, where db/migrate.ts looks for them, and an embedded cluster with all of
// them applied is made there too (pglite-template/), for a new data directory to start from.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
// `--outdir` builds elsewhere (the build test); the default is what `npm start` runs.
const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
const out = resolve(values.outdir ?? join(here, 'dist'));

/** Workspace packages (`@p2p/*`) ship TypeScript, so they are bundled; every other package is not. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@p2p/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const result = await build({
  entryPoints: {
    main: join(here, 'src/main.ts'),
    'staff-create': join(here, 'src/cli/staff-create.ts'),
    'addresses-import': join(here, 'src/cli/addresses-import.ts'),
    'check-ledger': join(here, 'src/cli/check-ledger.ts'),
    'pglite-template': join(here, 'src/cli/pglite-template.ts'),
  },
  outdir: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Stack traces name our functions; the bundle is not shipped to browsers.
  minify: false,
  logLevel: 'warning',
  metafile: true,
  plugins: [externalPackages],
});
cpSync(join(here, 'src/db/migrations'), join(out, 'migrations'), { recursive: true });
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
console.log(`server bundle: ${out} (${Math.round(bytes / 1024)} KB with source maps)`);
// The migrated embedded cluster a new data directory is copied from (src/db/client.ts).
const template = spawnSync(
  process.execPath,
  [join(out, 'pglite-template.js'), join(out, 'pglite-template')],
  {
    stdio: 'inherit',
  },
);
if (template.status !== 0) process.exit(template.status ?? 1);
