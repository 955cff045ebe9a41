import type { telegram as ru } from '../ru/telegram.ts';
import type { Messages } from '../types.ts';

export const telegram: Messages<typeof ru> = {
  'telegram.switch.title': 'Switch accounts?',
  'telegram.switch.text': 'You are signed in as {current}. Sign in as {next}?',
  'telegram.switch.stay': 'Stay: {current}',
  'telegram.switch.go': 'Sign in as {next}',
  'telegram.signInFailed':
    'Could not sign in with Telegram. Open the app from Telegram again or sign in on the sign-in page',
};
