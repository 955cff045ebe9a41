import type { swaps as ru } from '../ru/swaps.ts';
import type { Messages } from '../types.ts';

export const swaps: Messages<typeof ru> = {
  'validation.swap.sellOnly':
    'A swap is published as a sale only: to buy {crypto} with {payIn}, publish a sale of {payIn} for {crypto}',
  'validation.swap.sameCoin': 'The coin of payment must differ from the coin sold',
  'validation.swap.minTotal': 'Smallest swap total: {amount} {currency}',
  'validation.swap.minLimit':
    'The minimum limit must be at least {amount} {currency} and no more than the total',
  'validation.swap.oneAmount': 'Give one amount: how much to receive or how much to give',
  'validation.swap.amount': 'Amounts are sent as strings, for example "0.5"',
  'errors.marketPriceUnavailable': 'Market price unavailable',
  'errors.swapPriceFar': 'The price is {deviation} away from the market: confirm it',
  'errors.swapPriceUnchecked': 'The market price is unavailable right now: confirm the swap price',
  'errors.swapNotTrade': 'This order is swapped instantly: use «Swap»',
  'errors.swapOfFiatOrder': 'This order is paid in fiat: open a trade',
  'security.codeToPublishSwap': 'Enter your two-factor code to publish the swap',
  'security.codeToSwap': 'Enter your two-factor code to swap',
};
