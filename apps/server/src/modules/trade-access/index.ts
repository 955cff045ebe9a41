/**
 * The trade-access module's face (docs/ARCHITECTURE.md, "Modules with faces"): a trade's row and
 * who may see it: what chat, receipts, payment details, realtime rooms and the bot check first.
 * Other modules and the app import this file only; the rest of the folder is private.
 */
export { findTrade, lockTrade } from './trade-access.repository.ts';
export { roleOf, staffMayObserve, TRADE_NOT_FOUND } from './trade-access.ts';
