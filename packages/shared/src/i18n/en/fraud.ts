import type { fraud as ru } from '../ru/fraud.ts';
import type { Messages } from '../types.ts';

export const fraud: Messages<typeof ru> = {};
