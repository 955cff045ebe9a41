// The web build's `zod` (vite.config.ts aliases the bare specifier here): zod itself, set to
// `jitless` as it loads. The page's CSP has no 'unsafe-eval' and zod's eval probe would trip it.
// Being zod's own entry, the setting holds before any schema anywhere is used, and zod loads
// only with the code that needs it (forms, sign-in), not with the market page.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
