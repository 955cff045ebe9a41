// The server's layers, checked by `npm run check:layers` (part of `npm run check` and CI).
// docs/ARCHITECTURE.md draws them; a new import that runs upward fails with the rule's name.
//
// Bottom to top:
//   foundation  db/, lib/, events/, errors.ts: no module imports at all (config.ts: infra only)
//   infra       modules that serve every domain and know none of them, in an order too
//   core        the domains, in an order: a module may import only those listed before it
//               (every module has a rank and imports only downward, so no module cycle can form)
//   edge        back office, delivery channels and drivers: react to core, core never sees them
//   app         app.ts, main.ts, instance.ts, context.ts, plugins/, cli/, ops/: wire everything together
const SRC = '^apps/server/src/';
const MODULES = `${SRC}modules/`;

const INFRA = ['idempotency', 'market', 'chains', 'sessions', 'audit-log', 'config'];
const CORE = [
  'ledger',
  'limits',
  'four-eyes',
  'dispute-evidence',
  'trade-access',
  'two-factor',
  'settings',
  'users',
  'auth',
  'deposits',
  'wallet',
  'withdrawals',
  'orders',
  'swaps',
  'chat',
  'uploads',
  'payment-templates',
  'trades',
  'disputes',
  'api-keys',
  'reserves',
  'security',
];
const EDGE = ['webhooks', 'realtime', 'notifications', 'telegram', 'scheduler', 'demo', 'admin'];

const inModules = (names) => `${MODULES}(${names.join('|')})/`;
const APP = `${SRC}(app\\.ts|main\\.ts|instance\\.ts|composition\\.ts|plugins/|cli/|ops/)`;
// Services take the wiring's type (`AppContext`) as a parameter: a type-only import of
// context.ts from below is how the composition root hands itself down, not a dependency.
const CONTEXT = `${SRC}context\\.ts$`;

// What writes or runs SQL: Drizzle (query builder, `sql`), the database drivers, and db/
// (queryRows, compiled statements, JSON row parsing, the schema's tables). Paths as resolved:
// node_modules is in `includeOnly` for these packages alone, and is never followed into.
const SQL_PACKAGES = '^node_modules/(drizzle-orm|pg|@electric-sql/pglite)/';
const SQL_MAKERS = [SQL_PACKAGES, `${SRC}db/`];

/** One rule per core and edge module: it may not import the modules ranked above it. */
function orderRules(order, layer) {
  return order
    .map((name, i) => ({ name, above: order.slice(i + 1) }))
    .filter(({ above }) => above.length > 0)
    .map(({ name, above }) => ({
      name: `${layer}-order:${name}`,
      comment: `${name} sits below ${above.join(', ')} in the ${layer} order; it may not import them.`,
      severity: 'error',
      from: { path: `${MODULES}${name}/` },
      to: { path: inModules(above) },
    }));
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-import-cycle',
      comment:
        'No file imports itself back, at any length (module-level cycles are ruled out by the order rules below).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'foundation-imports-no-module',
      comment: 'db/, lib/, events/ and errors.ts serve every module and import none.',
      severity: 'error',
      from: { path: `${SRC}(db/|lib/|events/|errors\\.ts$)` },
      to: { path: `${SRC}(modules/|${APP.slice(SRC.length)})` },
    },
    {
      name: 'config-reads-infra-only',
      comment:
        "config.ts may use an infrastructure module's own settings reader (chains' face), nothing above.",
      severity: 'error',
      from: { path: `${SRC}config\\.ts$` },
      to: { path: `${SRC}(modules/|${APP.slice(SRC.length)})`, pathNot: inModules(INFRA) },
    },
    {
      name: 'infra-imports-no-domain',
      comment: `Infrastructure modules (${INFRA.join(', ')}) know no domain, back office or channel.`,
      severity: 'error',
      from: { path: inModules(INFRA) },
      to: { path: inModules([...CORE, ...EDGE]) },
    },
    {
      name: 'core-imports-no-edge',
      comment: `Core domains never import the back office, notifications, Telegram, realtime or the drivers (${EDGE.join(', ')}): those react to core events.`,
      severity: 'error',
      from: { path: inModules(CORE) },
      to: { path: inModules(EDGE) },
    },
    {
      name: 'modules-import-no-app',
      comment: 'Modules never import the wiring (app.ts, main.ts, plugins/, cli/, ops/).',
      severity: 'error',
      from: { path: MODULES },
      to: { path: APP },
    },
    {
      name: 'sql-only-in-repositories',
      comment:
        'Queries are written in *.repository.ts files only (docs/ARCHITECTURE.md, Layers): a service, view or route ' +
        'of a module gets rows from a repository and keeps the rules, the transactions and the mapping to API views. ' +
        'Type-only imports stay open: Executor, Tx and row types from db/, and `SQL` where a service hands on a ' +
        'fragment a repository built (limits.service.ts countsSql, reputation-counters.ts tradeCountersStatement).',
      severity: 'error',
      from: {
        path: MODULES,
        pathNot: [
          '\\.repository\\.ts$',
          // The ledger moves money in one statement per posting, built next to the invariants it
          // keeps (balanced per currency, balance rows locked in a fixed order): ledger.ts is its SQL.
          `${MODULES}ledger/`,
        ],
      },
      to: { path: SQL_MAKERS, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'context-only-as-a-type',
      comment: 'Below the app layer, context.ts is imported for its types only (`import type`).',
      severity: 'error',
      from: { path: `${SRC}(modules/|db/|lib/|events/)` },
      to: { path: CONTEXT, dependencyTypesNot: ['type-only'] },
    },
    ...orderRules(INFRA, 'infra'),
    ...orderRules(CORE, 'core'),
    ...orderRules(EDGE, 'edge'),
    {
      name: 'module-face-only',
      comment:
        'A module reaches another only through its face, its index.ts (docs/ARCHITECTURE.md, Layers): the ' +
        'service or commands it offers, its types and its events. Its other files, its repositories above all, ' +
        'are its own.',
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/` },
      to: { path: MODULES, pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`] },
    },
    {
      name: 'app-through-faces',
      comment:
        'The app layer (app.ts, main.ts, context.ts, plugins/, cli/, ops/) and config.ts wire modules through ' +
        'their faces (index.ts) only, as modules reach each other.',
      severity: 'error',
      from: { path: [APP, CONTEXT, `${SRC}config\\.ts$`] },
      to: { path: MODULES, pathNot: `${MODULES}[^/]+/index\\.ts$` },
    },
    {
      name: 'no-unknown-module',
      comment:
        'Every server module has a place in .dependency-cruiser.cjs (infra, core or edge): add a new one there.',
      severity: 'error',
      from: {},
      to: { path: MODULES, pathNot: inModules([...INFRA, ...CORE, ...EDGE]) },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: ['^apps/server/src/', SQL_PACKAGES],
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
