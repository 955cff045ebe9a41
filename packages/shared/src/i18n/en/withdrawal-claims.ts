import type { withdrawalClaims as ru } from '../ru/withdrawal-claims.ts';
import type { Messages } from '../types.ts';

export const withdrawalClaims: Messages<typeof ru> = {};
