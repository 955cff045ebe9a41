import type { staffSafety as ru } from '../ru/staff-safety.ts';
import type { Messages } from '../types.ts';

export const staffSafety: Messages<typeof ru> = {};
