import type { telegram as ru } from '../ru/telegram.ts';
import type { Messages } from '../types.ts';

export const telegram: Messages<typeof ru> = {
  'telegram.signInFailed':
    'Could not sign in with Telegram. Open the app from Telegram again or sign in on the sign-in page',
};
