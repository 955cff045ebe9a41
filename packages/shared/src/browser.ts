/**
 * The browser's entry of the package (package.json `browser` condition): the catalogue runtime
 * without the texts, which the web app loads one language at a time (`loadCatalogue`). Node
 * (the server, tools, tests) takes ./index.ts, the same exports with both languages loaded.
 */
// Address validators (viem, btc-signer) are `@p2p/shared/address`: only withdrawal code needs
// them, and the web's common path must not carry them.
export * from './display-name.ts';
export * from './dispute-outcome.ts';
export * from './errors.ts';
export * from './i18n/runtime.ts';
export * from './market-first-requests.ts';
export * from './market-prices.ts';
export * from './merkle-sum.ts';
export * from './money.ts';
export * from './networks.ts';
export * from './payment-methods.ts';
export * from './reauth-header.ts';
export * from './schemas/admin.ts';
export * from './schemas/approvals.ts';
export * from './schemas/auth.ts';
export * from './schemas/backoffice.ts';
export * from './schemas/chat.ts';
export * from './schemas/common.ts';
export * from './schemas/config.ts';
export * from './schemas/deposits.ts';
export * from './schemas/limits.ts';
export * from './schemas/market.ts';
export * from './schemas/merchant-api.ts';
export * from './schemas/notifications.ts';
export * from './schemas/orders.ts';
export * from './schemas/payment-method-field.ts';
export * from './schemas/payment-templates.ts';
export * from './schemas/reminders.ts';
export * from './schemas/reserves.ts';
export * from './schemas/security-events.ts';
export * from './schemas/settings.ts';
export * from './schemas/swaps.ts';
export * from './schemas/text.ts';
export * from './schemas/trade-history.ts';
export * from './schemas/trades.ts';
export * from './schemas/two-factor.ts';
export * from './schemas/users.ts';
export * from './schemas/wallet.ts';
export * from './schemas/withdrawals.ts';
export * from './socket-events.ts';
export * from './socket-names.ts';
export * from './swaps.ts';
export * from './taker-conditions.ts';
export * from './time-zone-header.ts';
export * from './time-zones.ts';
export * from './trade-machine.ts';
export * from './trade-steps.ts';
export * from './withdrawal-rules.ts';
