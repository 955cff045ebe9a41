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
  'security.sessions.confirm':
    'End all sessions? You will have to sign in again on each device. Every API key and webhook of the account is revoked too.',
  // Re-authentication and the security hold (docs/decisions/033)
  'security.reauthRequired': 'Confirm it is you: sign in with Telegram again',
  'security.reauthWrongAccount':
    'This is another Telegram account. Confirm with the Telegram account this account belongs to',
  'security.reauthTelegramOnly': 'This account is confirmed only by signing in with Telegram',
  'security.codeToAddWebhook': 'Enter your two-factor code to add a webhook',
  'security.hold':
    'Withdrawals, transfers, swaps and selling are unavailable until {until}: the account’s security settings changed recently',
  'security.holdUntilCleared':
    'Withdrawals, transfers, swaps and selling are unavailable until support reviews the account: you reported a change you did not make',
  'security.reauth.title': 'Confirm it is you',
  'security.reauth.why':
    'Changing security settings needs a fresh Telegram sign-in. Sign in with the same Telegram account and the action continues by itself.',
  'security.reauth.dev': 'Confirm (demo sign-in)',
  'security.reauth.telegram': 'Sign in with Telegram',
  'security.reauth.cancel': 'Cancel',
  'security.reauth.failed': 'Could not confirm the sign-in. Please try again.',
  'security.hold.banner':
    'Withdrawals, transfers, swaps and selling are unavailable until {until}: security settings changed recently. Buying, depositing and chatting go on.',
  'security.hold.bannerCleared':
    'Withdrawals, transfers, swaps and selling are unavailable until support reviews the account. Buying, depositing and chatting go on.',
} as const;
