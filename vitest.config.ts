import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const webSrc = fileURLToPath(new URL('./apps/web/src', import.meta.url));
/** The web app's `@/` imports (apps/web/tsconfig.json paths). */
const web = { resolve: { alias: { '@': webSrc } } };

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One test file per core. Vitest's default keeps a core free for its main process, which
    // on a 2-core machine means one file at a time; the main process here is idle enough.
    maxWorkers: availableParallelism(),
    projects: [
      { extends: true, test: { name: 'shared', include: ['packages/*/src/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          // One migrated template per run; every test file's database is a copy of it.
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
      // Rules and helpers of the web app: plain Node, as fast as the rest.
      { extends: true, ...web, test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
      // Components render into happy-dom; only these files pay for a DOM.
      {
        extends: true,
        ...web,
        oxc: { jsx: { runtime: 'automatic' } },
        test: { name: 'web-dom', include: ['apps/web/src/**/*.test.tsx'], environment: 'happy-dom' },
      },
    ],
  },
});
