import type { chat as ru } from '../ru/chat.ts';
import type { Messages } from '../types.ts';

export const chat: Messages<typeof ru> = {
  'chat.title': 'Chat · {name}',
  'chat.history': 'Message history',
  'chat.loading': 'Loading messages...',
  'chat.loadError': 'Failed to load messages',
  'chat.reload': 'Load again',
  'chat.empty': 'No messages yet. Agree on the details here: moderators can read the chat in a dispute.',
  'chat.placeholder': 'Write a message',
  'chat.inputLabel': 'Message',
  'chat.send': 'Send',
  'chat.sending': 'Sending',
  'chat.sent': 'Sent',
  'chat.read': 'Read',
  'chat.unknownTime': 'unknown',
  'chat.offline': 'No connection to the server. Messages will be sent when the connection is back.',
  'chat.crashed': 'The chat failed to load',
  'chat.crashRetry': 'Try again',
  'chat.crashReload': 'Reload the page',
  'chat.conn.connected': 'online',
  'chat.conn.connecting': 'connecting...',
  'chat.conn.disconnected': 'offline',
  'chat.system.create': "Trade created. The seller's crypto is locked in escrow",
  'chat.system.mark_paid': 'The buyer marked the payment',
  'chat.system.confirm_payment': 'The seller confirmed receiving the payment',
  'chat.system.release_crypto': 'The seller released the crypto to the buyer. Trade completed',
  'chat.system.cancel_trade.buyer': 'The buyer cancelled the trade',
  'chat.system.cancel_trade.seller': 'The seller cancelled the trade',
  'chat.system.cancel_trade.system': 'The system cancelled the trade',
  'chat.system.cancel_trade.moderator': 'A moderator cancelled the trade',
  'chat.system.dispute_trade.buyer':
    "The buyer opened a dispute. The trade is frozen until a moderator's decision",
  'chat.system.dispute_trade.seller':
    "The seller opened a dispute. The trade is frozen until a moderator's decision",
  'chat.system.dispute_trade.system':
    "The system opened a dispute. The trade is frozen until a moderator's decision",
  'chat.system.dispute_trade.moderator':
    "A moderator opened a dispute. The trade is frozen until a moderator's decision",
  'chat.system.expire': 'The time to pay ran out. The trade was cancelled automatically',
  'chat.system.auto_release': 'The crypto was released to the buyer automatically. Trade completed',
  'chat.system.resolve_release':
    'A moderator resolved the dispute for the buyer. The crypto was released to the buyer',
  'chat.system.resolve_refund': 'A moderator resolved the dispute for the seller. The trade was cancelled',
};
