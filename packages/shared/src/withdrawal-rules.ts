import type { MessageKey, MessageValues } from './i18n/runtime.ts';
import { type Cryptocurrency, formatAmount, parseAmount, tryParseAmount } from './money.ts';
import { NETWORKS, type NetworkId } from './networks.ts';

/**
 * Rules of money out (docs/decisions/012-withdrawals.md), shared by the server and the
 * withdrawal form: statuses and who moves them, amount limits, and the texts. Where a refusal
 * also has an English wording it travels as `en`; users read the Russian one.
 */

export const WITHDRAWAL_STATUSES = [
  'PENDING',
  'APPROVED',
  'PROCESSING',
  'COMPLETED',
  'REJECTED',
  'FAILED',
  'CANCELLED',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Statuses whose amount + fee is still locked in the user's balance (docs/decisions/012). */
export const LOCKING_WITHDRAWAL_STATUSES = ['PENDING', 'APPROVED', 'PROCESSING'] as const;
/**
 * Open requests nobody has claimed for sending yet. The user may take them back, and the back
 * office does not see their destination: it is answered once an admin claims the request
 * («Отправить», APPROVED -> PROCESSING), so nobody sends coins before claiming them
 * (docs/decisions/023, section 2).
 */
export const UNCLAIMED_WITHDRAWAL_STATUSES: readonly WithdrawalStatus[] = ['PENDING', 'APPROVED'];
/** The user may take back a request until an operator claims it for sending (docs/decisions/023). */
export const USER_CANCELLABLE_STATUSES: readonly WithdrawalStatus[] = UNCLAIMED_WITHDRAWAL_STATUSES;

export type StaffWithdrawalAction = 'approve' | 'reject' | 'processing' | 'complete' | 'fail';
export const STAFF_WITHDRAWAL_ACTIONS = ['approve', 'reject', 'processing', 'complete', 'fail'] as const;

/**
 * The back office's transitions: from which statuses, to which, and what happens to the
 * locked money ('keep' it locked, 'unlock' it back to available, 'send' it out). `processing`
 * is the claim («Отправить»): only a claimed request is completed or failed (docs/decisions/023).
 */
export const STAFF_TRANSITIONS: Record<
  StaffWithdrawalAction,
  { from: readonly WithdrawalStatus[]; to: WithdrawalStatus; money: 'keep' | 'unlock' | 'send' }
> = {
  approve: { from: ['PENDING'], to: 'APPROVED', money: 'keep' },
  reject: { from: ['PENDING', 'APPROVED'], to: 'REJECTED', money: 'unlock' },
  processing: { from: ['APPROVED'], to: 'PROCESSING', money: 'keep' },
  complete: { from: ['PROCESSING'], to: 'COMPLETED', money: 'send' },
  fail: { from: ['PROCESSING'], to: 'FAILED', money: 'unlock' },
};

/** Who holds a claimed request: the claimer's id, and whether that account is still enabled. */
export interface WithdrawalClaim {
  claimedBy: string | null;
  claimerActive: boolean;
}

/**
 * Whether `staffId` may take `action` on a request with this claim. Any admin may complete a
 * claimed request (its transaction hash is evidence anyone can check on the chain), but only
 * the claimer may fail it: only the one who sends knows whether the coins left, and a fail
 * returns them to the balance. A disabled claimer hands that over to every admin
 * (docs/decisions/023, section 2).
 */
export function claimPermits(
  action: StaffWithdrawalAction,
  claim: WithdrawalClaim,
  staffId: string,
): boolean {
  if (action !== 'fail' || claim.claimedBy === null) return true;
  return claim.claimedBy === staffId || !claim.claimerActive;
}

/** The start and the end of an address: enough to recognise it, not enough to send to it. */
export function maskedAddress(address: string): string {
  return address.length <= 17 ? address : `${address.slice(0, 8)}…${address.slice(-6)}`;
}

/** Staff actions open to a withdrawal in `status` (the queue shows buttons from this). */
export function staffActionsFor(status: WithdrawalStatus, internal = false): StaffWithdrawalAction[] {
  if (internal) return [];
  return STAFF_WITHDRAWAL_ACTIONS.filter((a) => STAFF_TRANSITIONS[a].from.includes(status));
}

/**
 * Decimals an amount may carry when it leaves by a network. The ledger keeps 8 for every coin;
 * USDT exists on Ethereum, TRON and Solana with 6, and ADA has 6 (lovelace), so a finer amount
 * could not be sent as asked. SOL has 9 on chain and DOGE 8: the ledger's 8 fit.
 */
export const WITHDRAW_DECIMALS: Record<Cryptocurrency, number> = {
  BTC: 8,
  ETH: 8,
  USDT: 6,
  BNB: 8,
  SOL: 8,
  ADA: 6,
  DOGE: 8,
};

const LEDGER_DECIMALS = 8;
const units = (decimal: string) => parseAmount(decimal, LEDGER_DECIMALS);
/** '0.00100000' -> '0.001' for messages. */
const plain = (minor: bigint) => formatAmount(minor, LEDGER_DECIMALS).replace(/\.?0+$/, '');

export interface NetworkLimits {
  min: bigint;
  max: bigint;
  fee: bigint;
}

export function withdrawLimitsOf(network: NetworkId): NetworkLimits {
  const w = NETWORKS[network].withdraw;
  return { min: units(w.min), max: units(w.max), fee: units(w.fee) };
}

/** A catalogue key with the values its message needs; the server and the form render it. */
export interface KeyedMessage {
  key: MessageKey;
  values?: MessageValues;
}

export const WithdrawalMessages = {
  amountRequired: { key: 'wd.err.amountRequired' },
  amountString: { key: 'validation.order.amountString' },
  amountFormat: { key: 'wd.err.amountFormat' },
  amountPositive: { key: 'wd.err.amountPositive' },
  tooManyDecimals: (decimals: number, currency: string): KeyedMessage => ({
    key: 'wd.err.decimals',
    values: { decimals, currency },
  }),
  belowMin: (min: string, currency: string): KeyedMessage => ({
    key: 'wd.err.belowMin',
    values: { min, currency },
  }),
  aboveMax: (max: string, currency: string): KeyedMessage => ({
    key: 'wd.err.aboveMax',
    values: { max, currency },
  }),
  insufficient: (available: string, currency: string): KeyedMessage => ({
    key: 'wd.err.insufficient',
    values: { available, currency },
  }),
  addressRequired: { key: 'wd.err.addressRequired' },
  addressFormat: (network: string): KeyedMessage => ({ key: 'wd.err.addressFormat', values: { network } }),
  /** A Solana address off the ed25519 curve (docs/decisions/031-doge-sol-ada.md). */
  addressOffCurve: { key: 'wd.err.addressOffCurve' },
  /** A Solana point no key generates: small-order or torsion (docs/decisions/036). */
  addressNotKey: { key: 'wd.err.addressNotKey' },
  /** A program id, zero, precompile or black-hole address (docs/decisions/036). */
  addressBurn: (network: string): KeyedMessage => ({ key: 'wd.err.addressBurn', values: { network } }),
  ownAddress: { key: 'wd.err.ownAddress' },
  networkMismatch: (network: string, currency: string): KeyedMessage => ({
    key: 'wd.err.networkMismatch',
    values: { network, currency },
  }),
  twoFactorRequired: { key: 'wd.err.totpRequired' },
} as const satisfies Record<string, KeyedMessage | ((...args: never[]) => KeyedMessage)>;

export type AmountCheck =
  | { ok: true; amount: bigint; fee: bigint; total: bigint }
  | { ok: false; reason: AmountRefusal; message: KeyedMessage };
export type AmountRefusal =
  | 'amount_format'
  | 'amount_not_positive'
  | 'amount_decimals'
  | 'amount_below_min'
  | 'amount_above_max';

/**
 * Checks a typed amount against a network's limits (networks.ts). `fee` is what the network
 * charges on top (an internal transfer turns out to pay none, which only the server can
 * tell). The balance is the server's to check, under its row lock.
 */
export function checkWithdrawalAmount(network: NetworkId, text: string): AmountCheck {
  const { currency } = NETWORKS[network];
  const trimmed = typeof text === 'string' ? text.trim() : '';
  const refuse = (reason: AmountRefusal, message: KeyedMessage): AmountCheck => ({
    ok: false,
    reason,
    message,
  });
  if (/^-\s*\d/.test(trimmed)) return refuse('amount_not_positive', WithdrawalMessages.amountPositive);
  if (!/^\d{1,12}(\.\d+)?$/.test(trimmed)) return refuse('amount_format', WithdrawalMessages.amountFormat);
  const decimals = WITHDRAW_DECIMALS[currency];
  const parsed = tryParseAmount(trimmed, LEDGER_DECIMALS);
  if (parsed === 0n || (parsed === null && /^0+(\.0+)?$/.test(trimmed))) {
    return refuse('amount_not_positive', WithdrawalMessages.amountPositive);
  }
  if (parsed === null || (trimmed.split('.')[1] ?? '').length > decimals) {
    return refuse('amount_decimals', WithdrawalMessages.tooManyDecimals(decimals, currency));
  }
  const limits = withdrawLimitsOf(network);
  if (parsed < limits.min)
    return refuse('amount_below_min', WithdrawalMessages.belowMin(plain(limits.min), currency));
  if (parsed > limits.max)
    return refuse('amount_above_max', WithdrawalMessages.aboveMax(plain(limits.max), currency));
  return { ok: true, amount: parsed, fee: limits.fee, total: parsed + limits.fee };
}

/** A decimal for messages: '0.05000000' -> '0.05'. */
export const plainAmount = plain;
