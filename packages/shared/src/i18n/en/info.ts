import type { info as ru } from '../ru/info.ts';
import type { Messages } from '../types.ts';

export const info: Messages<typeof ru> = {
  'info.about.body':
    'P2P Market is a place where people buy and sell crypto directly for rubles and dollars.\n\nWe neither set prices nor trade ourselves: traders set prices in their orders, and the platform keeps the crypto in escrow until the trade is done.',
  'info.how-it-works.body':
    '1. A seller publishes an order and their crypto is locked in escrow.\n\n2. A buyer opens a trade, pays with the chosen method and marks the payment as sent.\n\n3. The seller confirms the money arrived and releases the crypto — the buyer gets it at once.\n\nIf something goes wrong, either side can open a dispute for a moderator to resolve.',
  'info.security.body':
    "Sign-in is through Telegram only: we verify the signed data and keep no passwords.\n\nThe seller's crypto stays locked in escrow for the whole trade, so the buyer's payment is never at risk.\n\nEvery movement of funds is recorded in a journal that is reconciled regularly.",
  'info.fees.body':
    'Publishing orders, opening and cancelling trades are free.\n\nThe platform fee is taken only when a trade completes, from the amount the buyer receives.\n\nWithdrawals pay the network fee of the chosen network; it is shown before you confirm.',
  'info.support.body':
    "Questions about a trade are best settled in the trade's chat with your counterparty.\n\nIf you cannot agree, open a dispute on the trade page and a moderator will join.",
  'info.faq.body':
    "Do I need verification? No, signing in with Telegram is enough.\n\nHow long do I have to pay? The order states it; 30 minutes by default.\n\nWhat if the seller doesn't release? Open a dispute: the funds stay in escrow until a moderator decides.",
  'info.contact.body':
    'For questions about trades use the trade chat and disputes — that is the fastest way to an answer.\n\nFor partnerships, contact the platform administrator.',
  'info.api.heading': 'API for developers',
  'info.api.body':
    'Your program can place orders, run trades and write in their chats for you: an HTTP API (JSON, base path /api/v1) with an API key that signs every request. Events of your trades, orders and swaps reach your endpoint as webhooks.\n\nThe guide below gives every operation a key may call, with its request body and a curl example, how to sign requests, the errors and the webhooks. Every method is in the OpenAPI document.',
  'info.api.openapi': 'OpenAPI schema',
  'info.api.keys': 'API keys and webhooks',
  'info.terms.body':
    'By using the platform you confirm that you trade in your own name with your own funds.\n\nPay only from your own accounts and only with the method the order states; keep your receipts.\n\nFraud attempts, fake receipts and money laundering lead to the account being blocked.',
  'info.privacy.body':
    'From Telegram we receive only your name, username, photo and id.\n\nTrade data and chats are visible only to the trade parties and, in a dispute, to a moderator.\n\nWe never sell or share your data with third parties.',
  'info.aml.body':
    'The platform must not be used for money laundering or terrorist financing.\n\nSuspicious operations may be suspended pending review; every moderator action is recorded in an audit log.',
};
