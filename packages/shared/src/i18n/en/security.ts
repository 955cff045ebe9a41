import type { security as ru } from '../ru/security.ts';
import type { Messages } from '../types.ts';

export const security: Messages<typeof ru> = {
  'security.enrolToSell': 'Turn on two-factor authentication to sell and withdraw funds',
  'security.codeToConfirm': 'Enter your two-factor code to confirm the payment arrived',
  'security.codeToLink': 'Enter your two-factor code to connect Telegram',
  'security.codeToSaveAddress': 'Enter your two-factor code to save a withdrawal address',
  'security.codeToStepUp': 'Enter the code from your authenticator app',
  'security.codeInvalid': 'Invalid two-factor code',
  'security.codeUsed': 'This code has already been used. Wait for the next code in your authenticator app.',
  'security.alreadyEnabled': 'Two-factor authentication is already on',
  'security.notEnabled': 'Two-factor authentication is not on',
  'security.setupFirst': 'Start the set-up first: get the secret and scan the QR code',
  'security.tooManyCodes': 'Too many wrong codes. Try again in {minutes} min.',
  'security.sessionsEnded': '{count, plural, one {# session ended} other {# sessions ended}}',
  'security.enrol.title': 'Two-factor authentication needed',
  'security.enrol.why':
    'Selling and withdrawing take a code from your authenticator app, so a stolen sign-in cannot move your money.',
  'security.enrol.done': 'Two-factor authentication is on. Carrying on.',
  'security.enrol.continue': 'Continue',
  'security.code.label': 'Verification code',
  'security.code.hint': '6 digits from your authenticator app, or a recovery code',
  'security.code.placeholder': '123 456',
  'security.window.open': 'Confirmations without a code until {time}',
  'security.window.explain':
    'One code opens a {minutes}-minute window in this session in which confirming a payment needs no new code. Withdrawals always take their own code.',
  'security.window.closed': 'Confirming takes a code from your authenticator app',
  'security.devCode': 'Demo mode: current code {code}',
  'security.sessions.title': 'Sessions',
  'security.sessions.hint': 'Sign out on every device where your account is open, this one included.',
  'security.sessions.endAll': 'End all sessions',
  'security.sessions.confirm': 'End all sessions? You will have to sign in again on each device.',
} as const;
