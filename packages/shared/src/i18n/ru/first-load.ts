import { firstPaint } from './first-paint.ts';

/**
 * Russian texts the browser loads before its first render: only those the market's first
 * paint shows (./first-paint.ts; docs/decisions/040). Everything else is in ./later.ts, which
 * the browser loads right after the first paint, or with a screen's code when that screen opens
 * first. ./index.ts is the whole catalogue.
 */
export const ruFirstLoad = { ...firstPaint } as const;
