/** Realtime notifications, shown on any screen (the first load). */
export const realtime = {
  'rt.restored': 'Connection to the server restored',
  'rt.lost': 'Lost connection to the server',
  'rt.tradeCreated': 'New trade from {name}: {crypto} for {fiat}',
  'rt.newTradeTitle': 'New trade!',
  'rt.tradeUpdated': 'Trade #{id}: {status}',
  'rt.status.COMPLETED': 'Trade completed',
  'rt.status.CANCELLED': 'Trade cancelled',
  'rt.status.DISPUTED': 'Dispute opened',
  'rt.message': 'Message in trade #{id} from {name}',
  'rt.messageModerator': 'Moderator message in trade #{id}',
  'rt.templateAttached': 'The seller sent the payment details',
  'rt.proofUploaded': 'The buyer uploaded a payment receipt',
  'rt.orderMatched': 'Your order was matched! A new trade was created',
} as const;
