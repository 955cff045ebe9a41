import type { botSafety as ru } from '../ru/bot-safety.ts';
import type { Messages } from '../types.ts';

export const botSafety: Messages<typeof ru> = {};
