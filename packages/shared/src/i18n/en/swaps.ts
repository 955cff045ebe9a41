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
  'errors.swapPriceFar': 'The price is {deviation} away from the market: confirm it',
  'errors.swapPriceUnchecked': 'The market price is unavailable right now: confirm the swap price',
  'errors.swapNotTrade': 'This order is swapped instantly: use «Swap»',
  'errors.swapOfFiatOrder': 'This order is paid in fiat: open a trade',
  'security.codeToPublishSwap': 'Enter your two-factor code to publish the swap',
  'security.codeToSwap': 'Enter your two-factor code to swap',
  'swap.settlement': 'Settlement',
  'swap.title': 'Swap: {crypto} for {payIn}',
  'swap.instant':
    'The swap is instant: both sides get their coins at once, with no payment step, chat or dispute.',
  'swap.receive': 'Receive, {crypto}',
  'swap.limits': 'Limits: {min} – {max}',
  'swap.give': 'You give',
  'swap.fee': 'Platform fee',
  'swap.get': 'You get',
  'swap.confirmPrice': 'I confirm the price',
  'swap.codeLabel': 'Two-factor code for the swap',
  'swap.sending': 'Swapping…',
  'swap.done': 'Swap done: received {amount}',
  'swap.amountInvalid': 'Enter an amount, for example 0.01',
  'swap.outOfLimits': 'The amount is outside the order limits',
  'swap.moreThanLeft': 'The order has less left',
  'swap.publishCodeLabel': 'Two-factor code to publish the swap',
  'swap.publishNote':
    'Paid in a coin, this is an instant swap: no payment methods or time to pay; limits are in {payIn}.',
  'rt.swapCompleted': 'Your swap settled: received {amount}',
  'security.enrolToSwap': 'Turn on two-factor authentication to swap coins',
  'security.enrol.whySwap':
    'A swap takes coins from your balance at once, so it is confirmed with a code from an authenticator app: a stolen sign-in cannot swap your money away.',
  'notify.swap_completed.title': 'Swap completed',
  'notify.swap_completed.message.taker': 'You gave {gave} {gaveCurrency} and received {got} {gotCurrency}.',
  'notify.swap_completed.message.maker':
    'Your swap offer was taken: {gave} {gaveCurrency} given, {got} {gotCurrency} received.',
  'notify.swap_completed.message.makerClosed':
    'Your swap offer was taken: {gave} {gaveCurrency} given, {got} {gotCurrency} received. The remaining {rest} {gaveCurrency} is below the smallest swap: it is back in your balance and the offer is closed.',
};
