import { z } from 'zod';

// The page's CSP has no 'unsafe-eval': zod must not probe for eval (docs/decisions/018).
z.config({ jitless: true });
