import type { InfoPage, InfoSlug } from './types';

export const infoEn: Record<InfoSlug, InfoPage> = {
  about: {
    title: 'About',
    paragraphs: [
      'P2P Market is a place where people buy and sell crypto directly for rubles and dollars.',
      'We neither set prices nor trade ourselves: traders set prices in their orders, and the platform keeps the crypto in escrow until the trade is done.',
    ],
  },
  'how-it-works': {
    title: 'How it works',
    paragraphs: [
      '1. A seller publishes an order and their crypto is locked in escrow.',
      '2. A buyer opens a trade, pays with the chosen method and marks the payment as sent.',
      '3. The seller confirms the money arrived and releases the crypto — the buyer gets it at once.',
      'If something goes wrong, either side can open a dispute for a moderator to resolve.',
    ],
  },
  security: {
    title: 'Security',
    paragraphs: [
      'Sign-in is through Telegram only: we verify the signed data and keep no passwords.',
      "The seller's crypto stays locked in escrow for the whole trade, so the buyer's payment is never at risk.",
      'Every movement of funds is recorded in a journal that is reconciled regularly.',
    ],
  },
  fees: {
    title: 'Fees',
    paragraphs: [
      'Publishing orders, opening and cancelling trades are free.',
      'The platform fee is taken only when a trade completes, from the amount the buyer receives.',
      'Withdrawals pay the network fee of the chosen network; it is shown before you confirm.',
    ],
  },
  support: {
    title: 'Support',
    paragraphs: [
      "Questions about a trade are best settled in the trade's chat with your counterparty.",
      'If you cannot agree, open a dispute on the trade page and a moderator will join.',
    ],
  },
  faq: {
    title: 'FAQ',
    paragraphs: [
      'Do I need verification? No, signing in with Telegram is enough.',
      'How long do I have to pay? The order states it; 30 minutes by default.',
      "What if the seller doesn't release? Open a dispute: the funds stay in escrow until a moderator decides.",
    ],
  },
  contact: {
    title: 'Contact',
    paragraphs: [
      'For questions about trades use the trade chat and disputes — that is the fastest way to an answer.',
      'For partnerships, contact the platform administrator.',
    ],
  },
  api: {
    title: 'API',
    paragraphs: [
      'The platform offers an HTTP API (JSON, base path /api/v1) with Bearer token authorization.',
      'Every method is described in the OpenAPI documentation at /api/docs.',
    ],
  },
  terms: {
    title: 'Terms of use',
    paragraphs: [
      'By using the platform you confirm that you trade in your own name with your own funds.',
      'Pay only from your own accounts and only with the method the order states; keep your receipts.',
      'Fraud attempts, fake receipts and money laundering lead to the account being blocked.',
    ],
  },
  privacy: {
    title: 'Privacy policy',
    paragraphs: [
      'From Telegram we receive only your name, username, photo and id.',
      'Trade data and chats are visible only to the trade parties and, in a dispute, to a moderator.',
      'We never sell or share your data with third parties.',
    ],
  },
  aml: {
    title: 'AML policy',
    paragraphs: [
      'The platform must not be used for money laundering or terrorist financing.',
      'Suspicious operations may be suspended pending review; every moderator action is recorded in an audit log.',
    ],
  },
};
