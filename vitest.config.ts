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
      // Plain-Node projects share one module graph per worker (isolate: false): a server test file
      // then costs its own database, not another import of the whole app. Their modules keep no
      // state between files that a test relies on; the DOM project stays isolated, since its
      // language-switching tests start from the texts not yet loaded.
      { extends: true, test: { name: 'shared', isolate: false, include: ['packages/*/src/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'server',
          isolate: false,
          include: ['apps/server/test/**/*.test.ts'],
          // One migrated template per run; every test file's database is a copy of it.
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
      // Rules and helpers of the web app: plain Node, as fast as the rest.
      {
        extends: true,
        ...web,
        test: { name: 'web', isolate: false, include: ['apps/web/src/**/*.test.ts'] },
      },
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
