// The web app's and the shared package's import rules, checked by `npm run check:layers` with
// the server's (.dependency-cruiser.cjs); docs/ARCHITECTURE.md and docs/decisions/042.
const { resolve } = require('node:path');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-runtime-cycle',
      comment: 'No file imports itself back at run time, at any length (type-only imports do not run).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'feature-through-its-face',
      comment:
        "A feature uses another through its index.ts; its realtime.ts is the second face, the event reactions the realtime client loads after the first paint (index.ts would pull the feature's screens into that chunk).",
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/[^/]+/(?!(index|realtime)\\.tsx?$).+',
        pathNot: '^apps/web/src/features/$1/',
      },
    },
    {
      name: 'shared-imports-no-app',
      comment: 'packages/shared serves the server and the web; it imports neither.',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: resolve(__dirname, 'apps/web/tsconfig.json') },
    // The web's `@/` imports (apps/web/tsconfig.json paths), as Vite resolves them.
    webpackConfig: { fileName: resolve(__dirname, 'apps/web/resolve.depcruise.cjs') },
  },
};
