import type { securityEvents as ru } from '../ru/security-events.ts';
import type { Messages } from '../types.ts';

const where =
  'Device: {device, select, none {unknown} other {{device}}}. Place: {place, select, local {local network} none {unknown} other {{place}}}.';

export const securityEvents: Messages<typeof ru> = {
  'notify.security.two_factor_enabled.title': 'Two-factor authentication turned on',
  'notify.security.two_factor_enabled.message': 'Two-factor authentication was turned on for your account.',
  'notify.security.two_factor_disabled.title': 'Two-factor authentication turned off',
  'notify.security.two_factor_disabled.message':
    'Two-factor authentication was turned off for your account. Withdrawing and selling are unavailable until it is on again.',
  'notify.security.sign_in.title': 'New sign-in to your account',
  'notify.security.sign_in.message': `Someone signed in to your account. ${where}`,
  'notify.security.api_key_created.title': 'API key created',
  'notify.security.api_key_created.message': 'A new API key was created for your account.',
  'notify.security.recovery_codes_renewed.title': 'New recovery codes issued',
  'notify.security.recovery_codes_renewed.message':
    'New two-factor recovery codes were issued for the account; the previous ones no longer work.',
  'notify.security.webhook_created.title': 'Webhook added',
  'notify.security.webhook_created.message':
    'A webhook was added to your account: it receives the events of your trades.',
  'notify.security.address_saved.title': 'Withdrawal address saved',
  'notify.security.address_saved.message': 'A new withdrawal address was saved in your account.',
  'notify.security.telegram_linked.title': 'Telegram connected',
  'notify.security.telegram_linked.message': 'A Telegram chat was connected to your account.',
  'notify.security.hold_started.title': 'Withdrawals paused for a while',
  'notify.security.hold_started.message':
    'After a security change, withdrawals, transfers, swaps and selling are paused.',
  'notify.security.action':
    'If this was not you, press «Not me»: every session ends and every API key and webhook is revoked.',
  'security.notMe': 'Not me',
  'security.notMe.confirmTitle': 'Was this not you?',
  'security.notMe.confirm':
    'Every session ends, this one included. Every API key and webhook is revoked, and withdrawing and selling stay blocked until support has checked the account. Continue?',
  'security.notMe.done': 'Every session ended, keys and webhooks revoked. Support will check the account.',
  'security.notMe.notFound': 'Security notice not found',
  'bot.notMe': 'Not me',
  'bot.notMe.confirm':
    'Was this not you? Every session ends, every API key and webhook is revoked, and withdrawing and selling stay blocked until support has checked the account.',
  'bot.notMe.done':
    'Done: every session ended, API keys and webhooks revoked, withdrawals blocked. Support will check the account.',
  'security.event.two_factor_enabled': '2FA turned on',
  'security.event.two_factor_disabled': '2FA turned off',
  'security.event.sign_in': 'New sign-in',
  'security.event.api_key_created': 'API key created',
  'security.event.recovery_codes_renewed': 'New recovery codes issued',
  'security.event.webhook_created': 'Webhook added',
  'security.event.address_saved': 'Withdrawal address saved',
  'security.event.telegram_linked': 'Telegram connected',
  'security.event.hold_started': 'Hold started',
  'bo.securityReports.nav': '«Not me»',
  'bo.securityReports.title': '«Not me» reports',
  'bo.securityReports.hint':
    'The owner said a security event was not theirs: their sessions ended, keys and webhooks were revoked, and withdrawals are held until you clear the hold.',
  'bo.securityReports.empty': 'No open reports',
  'bo.securityReports.user': 'User',
  'bo.securityReports.event': 'Event',
  'bo.securityReports.when': 'When',
  'bo.securityReports.clear': 'Clear hold',
  'bo.securityReports.clearConfirm':
    'Clear the hold on {name}? Withdrawing and selling become available again.',
  'bo.securityReports.cleared': 'Hold cleared',
  'bo.securityReports.notFound': 'Report not found',
  'bo.securityReports.alreadyCleared': 'The hold of this report was cleared already',
};
