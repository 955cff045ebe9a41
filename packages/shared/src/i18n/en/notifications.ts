import type { notifications as ru } from '../ru/notifications.ts';
import type { Messages } from '../types.ts';

const mins = '{minutes, plural, one {# minute} other {# minutes}}';

export const notifications: Messages<typeof ru> = {
  'notify.trade_opened.title': 'New trade #{trade}',
  'notify.trade_opened.message':
    '{name} opened a trade on your order: {amount} {currency} for {fiat} {fiatCurrency}.',
  'notify.trade_opened.action.seller': `Send the buyer your payment details; payment is expected within ${mins}.`,
  'notify.trade_opened.action.buyer': `Wait for the payment details: the seller sends them within ${mins}. Then pay {fiat} {fiatCurrency} and press "I have paid".`,
  'notify.payment_details_sent.title': 'Payment details received: trade #{trade}',
  'notify.payment_details_sent.message': '{name} sent payment details for {fiat} {fiatCurrency}.',
  'notify.payment_details_sent.action': `Make the payment and press "I have paid" within ${mins}.`,
  'notify.trade_paid.title': 'Buyer has paid: trade #{trade}',
  'notify.trade_paid.message': '{name} marked the payment of {fiat} {fiatCurrency} as sent.',
  'notify.trade_paid.action': `Check your account and confirm receipt within ${mins}.`,
  'notify.payment_confirmed.title': 'Payment confirmed: trade #{trade}',
  'notify.payment_confirmed.message': '{name} confirmed receiving the payment.',
  'notify.payment_confirmed.action': `The crypto will reach you within ${mins} at the latest.`,
  'notify.trade_released.title': 'Trade #{trade} completed',
  'notify.trade_released.message.buyer': 'You received {net} {currency}.',
  'notify.trade_released.message.seller': '{amount} {currency} sent to the buyer.',
  'notify.trade_released.action': 'Leave a review of your partner.',
  'notify.trade_cancelled.title': 'Trade #{trade} cancelled',
  'notify.trade_cancelled.message': '{name} cancelled the trade for {amount} {currency}.',
  'notify.trade_cancelled.message.moderator': 'A moderator returned {amount} {currency} to the seller.',
  'notify.trade_expired.title': 'Payment time ran out: trade #{trade}',
  'notify.trade_expired.message':
    'The trade for {amount} {currency} was cancelled: the payment was not marked in time.',
  'notify.trade_disputed.title': 'Dispute opened: trade #{trade}',
  'notify.trade_disputed.message': '{name} opened a dispute on the trade for {amount} {currency}.',
  'notify.trade_disputed.action':
    'Describe the situation in the trade chat and attach evidence: a moderator will review it.',
  'notify.dispute_resolved.title': 'Dispute resolved: trade #{trade}',
  'notify.dispute_resolved.message.release':
    'A moderator closed the dispute: {amount} {currency} went to the buyer.',
  'notify.dispute_resolved.message.refund':
    'A moderator closed the dispute: {amount} {currency} returned to the seller.',
  'notify.moderator_message.title': 'Moderator message: trade #{trade}',
  'notify.moderator_message.message': '{text}',
  'notify.moderator_message.action': 'Reply in the trade chat.',
  'notify.chat_message.title': 'Message in trade #{trade}',
  'notify.chat_message.message': '{name}: {text}',
  'notify.chat_message.action': 'Reply in the trade chat.',
  'notify.deposit_credited.title': 'Deposit credited',
  'notify.deposit_credited.message': '{amount} {currency} was credited to your balance.',
  'notify.withdrawal_status.title':
    'Withdrawal of {amount} {currency}: {status, select, APPROVED {approved} PROCESSING {processing} COMPLETED {completed} REJECTED {rejected} FAILED {failed} CANCELLED {cancelled} other {awaiting review}}',
  'notify.withdrawal_status.message':
    'Your withdrawal request is now {status, select, APPROVED {approved} PROCESSING {processing} COMPLETED {completed} REJECTED {rejected} FAILED {failed} CANCELLED {cancelled} other {awaiting review}}.',
  'notify.withdrawal_status.message.in': 'You received an internal transfer of {amount} {currency}.',
  'notify.notFound': 'Notification not found',
  'notify.deadline': 'Deadline: {time}',
  'notify.chatAutoReply': "Seller's auto-reply: {text}",
  'bot.welcome':
    'Hello! To get trade notifications here, connect the bot from your profile settings on the website.',
  'bot.connected': 'The bot is connected to the account {name}. Trade notifications will arrive here.',
  'bot.tokenInvalid': 'The connect link is invalid or has expired. Get a new one in your profile settings.',
  'bot.chatTaken': 'This chat is already connected to another account.',
  'bot.open': 'Open trade',
  'bot.openApp': 'Open in the app',
  'bot.openPlace': 'Open',
  'bot.markPaid': 'I have paid',
  'bot.confirmReceipt': 'Confirm receipt',
  'bot.confirm.markPaid': 'Confirm: did you pay {fiat} {fiatCurrency} for trade #{trade}?',
  'bot.confirm.confirmReceipt':
    'Confirm: has the payment of {fiat} {fiatCurrency} for trade #{trade} reached your account? This cannot be undone.',
  'bot.yes': 'Yes, confirm',
  'bot.no': 'No',
  'bot.done.markPaid': 'Payment marked. The seller will check it.',
  'bot.done.confirmReceipt': 'Receipt confirmed. Release the crypto on the website.',
  'bot.declined': 'Action cancelled.',
  'bot.unavailable': 'Action not available.',
  'bot.releaseInWeb': 'Crypto is released only on the website, after checking the payment.',
};
