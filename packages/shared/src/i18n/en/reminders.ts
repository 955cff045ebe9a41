import type { reminders as ru } from '../ru/reminders.ts';
import type { Messages } from '../types.ts';

export const reminders: Messages<typeof ru> = {
  'remind.payment_due.title': 'Trade #{trade}: the payment window ends soon',
  'remind.payment_due.message':
    'Send {fiat} {fiatCurrency} to the seller and press “I have paid” by {time}: after that the trade is cancelled automatically.',
  'remind.payment_due.action': 'Open the trade: the seller’s details and the “I have paid” button are there.',
  'remind.auto_release.title': 'Trade #{trade}: the crypto is released automatically soon',
  'remind.auto_release.message':
    'You confirmed receiving the payment: at {time} {amount} {currency} go to the buyer automatically.',
  'remind.auto_release.action':
    'If the payment has not actually arrived, open a dispute before {time}. If all is well, release the crypto now.',
  'remind.evidence_due.title': 'Trade #{trade}: the moderator is waiting for evidence',
  'remind.evidence_due.message': 'The moderator asks: {text}',
  'remind.evidence_due.action': 'Answer in the trade chat or attach a receipt by {time}.',
  'remind.dispute_sla.title': 'The dispute on trade #{trade} is waiting for an answer',
  'remind.dispute_sla.message':
    'Half of the review time has passed and no moderator has written to the parties yet. Review due by {time}.',
  'remind.dispute_sla.action': 'Answer in the trade chat or request evidence.',
  'remind.desk.title': 'Reminders',
  'remind.desk.empty': 'No disputes waiting for an answer',
  'timeZone.label': 'Time zone',
  'timeZone.hint':
    'The bot writes times in your notifications in this zone. The site shows times in your device’s zone.',
  'timeZone.detected': '{zone} — as on this device',
  'timeZone.saved': 'Time zone saved',
  'timeZone.city.Europe/Kaliningrad': 'Kaliningrad',
  'timeZone.city.Europe/Moscow': 'Moscow',
  'timeZone.city.Europe/Samara': 'Samara',
  'timeZone.city.Asia/Yekaterinburg': 'Yekaterinburg',
  'timeZone.city.Asia/Omsk': 'Omsk',
  'timeZone.city.Asia/Novosibirsk': 'Novosibirsk',
  'timeZone.city.Asia/Krasnoyarsk': 'Krasnoyarsk',
  'timeZone.city.Asia/Irkutsk': 'Irkutsk',
  'timeZone.city.Asia/Yakutsk': 'Yakutsk',
  'timeZone.city.Asia/Vladivostok': 'Vladivostok',
  'timeZone.city.Asia/Magadan': 'Magadan',
  'timeZone.city.Asia/Kamchatka': 'Petropavlovsk-Kamchatsky',
  'timeZone.city.Europe/Minsk': 'Minsk',
  'timeZone.city.Europe/Kyiv': 'Kyiv',
  'timeZone.city.Asia/Almaty': 'Almaty',
  'timeZone.city.Asia/Tashkent': 'Tashkent',
  'timeZone.city.Asia/Tbilisi': 'Tbilisi',
  'timeZone.city.Asia/Yerevan': 'Yerevan',
  'timeZone.city.Asia/Dubai': 'Dubai',
  'timeZone.city.Europe/Istanbul': 'Istanbul',
  'timeZone.city.Europe/Berlin': 'Berlin',
  'timeZone.city.Europe/London': 'London',
  'timeZone.city.America/New_York': 'New York',
  'timeZone.city.Asia/Bangkok': 'Bangkok',
  'timeZone.city.UTC': 'Coordinated Universal Time',
} as const;
