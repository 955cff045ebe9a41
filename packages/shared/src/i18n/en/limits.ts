import type { limits as ru } from '../ru/limits.ts';
import type { Messages } from '../types.ts';

export const limits: Messages<typeof ru> = {};
