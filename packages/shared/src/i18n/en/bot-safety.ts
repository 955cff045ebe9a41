import type { botSafety as ru } from '../ru/bot-safety.ts';
import type { Messages } from '../types.ts';

export const botSafety: Messages<typeof ru> = {
  'botSafety.notOwner':
    'This Telegram account does not match your account. The bot can only be connected from the Telegram account you sign in with.',
  'botSafety.chatReplaced':
    'The bot was disconnected from your account: another chat was connected to it. If it was not you, end all sessions in the security settings on the website.',
  'botSafety.blocked': 'The account is blocked: bot actions are unavailable. Contact support',
  'botSafety.codePrompt':
    'To confirm the payment arrived for trade #{trade}, reply to this message with the code from your authenticator app (6 digits) or a recovery code. The request is valid until {time}.',
  'botSafety.codePlaceholder': 'Confirmation code',
  'botSafety.codeExpired': 'The code request has expired. Tap «Confirm receipt» again.',
  'botSafety.codeRetry': 'Send the code again as a reply to the request.',
  'botSafety.markPaidOnSite':
    'Payments are marked on the trade page: you will be asked there for the account you paid from.',
  'botSafety.signInReplayed': 'This Telegram sign-in data has already been used. Sign in with Telegram again',
  'botSafety.link.codeHint': 'A link to connect the bot is issued only with your two-factor code.',
  'botSafety.link.getLink': 'Get the link',
} as const;
