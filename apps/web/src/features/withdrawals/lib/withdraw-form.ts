import {
  type Cryptocurrency,
  checkWithdrawalAmount,
  formatAmount,
  type MessageKey,
  type MessageValues,
  NETWORKS,
  type NetworkId,
  plainAmount,
  tryParseAmount,
  WITHDRAW_DECIMALS,
  WithdrawalRequest,
  withdrawLimitsOf,
} from '@p2p/shared';
import { validateAddress } from '@p2p/shared/address';
import { z } from 'zod';

/**
 * The withdraw form's rules, the same the server applies (packages/shared withdrawal-rules and
 * address): amount limits and decimals per network, amount + fee within the available balance,
 * and the destination's real checksum. Messages are catalogue keys with their values.
 */

export interface FormMessage {
  key: MessageKey;
  values?: MessageValues;
}

export interface WithdrawQuote {
  amount: string;
  fee: string;
  total: string;
}

export interface WithdrawCheck {
  amountError: FormMessage | null;
  addressError: FormMessage | null;
  /** Fee and total once the amount itself is valid (even if the balance falls short). */
  quote: WithdrawQuote | null;
  /** Everything holds: Continue may be pressed. */
  ok: boolean;
  /** The destination in its canonical form, when valid. */
  address: string | null;
}

const LEDGER_DECIMALS = 8;
const REFUSAL_KEYS = {
  amount_format: 'wd.err.amountFormat',
  amount_not_positive: 'wd.err.amountPositive',
  amount_decimals: 'wd.err.decimals',
  amount_below_min: 'wd.err.belowMin',
  amount_above_max: 'wd.err.aboveMax',
} as const satisfies Record<string, MessageKey>;

/** The amount as typed, a decimal comma accepted ("0,5" is what a Russian keyboard gives). */
export function normalizeAmountInput(text: string): string {
  return text.trim().replace(',', '.');
}

/** Checks the amount against the network's limits and the available balance. */
export function checkAmount(
  network: NetworkId,
  amountText: string,
  available: string,
): { error: FormMessage | null; quote: WithdrawQuote | null } {
  const { currency } = NETWORKS[network];
  const text = normalizeAmountInput(amountText);
  if (text === '') return { error: { key: 'wd.err.amountRequired' }, quote: null };
  const check = checkWithdrawalAmount(network, text);
  if (!check.ok) {
    const limits = withdrawLimitsOf(network);
    const values: MessageValues = {
      currency,
      decimals: WITHDRAW_DECIMALS[currency],
      min: plainAmount(limits.min),
      max: plainAmount(limits.max),
    };
    return { error: { key: REFUSAL_KEYS[check.reason], values }, quote: null };
  }
  const quote = {
    amount: formatAmount(check.amount, LEDGER_DECIMALS),
    fee: formatAmount(check.fee, LEDGER_DECIMALS),
    total: formatAmount(check.total, LEDGER_DECIMALS),
  };
  const balance = tryParseAmount(available, LEDGER_DECIMALS) ?? 0n;
  if (check.total > balance) {
    return {
      error: { key: 'wd.err.insufficient', values: { available: plainAmount(balance), currency } },
      quote,
    };
  }
  return { error: null, quote };
}

/** Checks the destination with its network's checksum (regtest Bitcoin on the devnet). */
export function checkAddress(
  network: NetworkId,
  text: string,
  devnet: boolean,
): { error: FormMessage | null; address: string | null } {
  if (text.trim() === '') return { error: { key: 'wd.err.addressRequired' }, address: null };
  const result = validateAddress(network, text, { devnet });
  if (!result.ok) {
    if (result.reason === 'offCurve') return { error: { key: 'wd.err.addressOffCurve' }, address: null };
    if (result.reason === 'notKey') return { error: { key: 'wd.err.addressNotKey' }, address: null };
    if (result.reason === 'burn') {
      return {
        error: { key: 'wd.err.addressBurn', values: { network: NETWORKS[network].label } },
        address: null,
      };
    }
    return {
      error: { key: 'wd.err.addressFormat', values: { network: NETWORKS[network].label } },
      address: null,
    };
  }
  return { error: null, address: result.canonical };
}

export function checkWithdrawForm(input: {
  network: NetworkId;
  amount: string;
  address: string;
  available: string;
  devnet: boolean;
}): WithdrawCheck {
  const amount = checkAmount(input.network, input.amount, input.available);
  const address = checkAddress(input.network, input.address, input.devnet);
  return {
    amountError: amount.error,
    addressError: address.error,
    quote: amount.quote,
    ok: amount.error === null && address.error === null,
    address: address.address,
  };
}

/**
 * The Max button: everything available less the network fee, cut to the decimals the network
 * carries and to its maximum; null when the balance does not cover the fee plus the minimum.
 */
export function maxWithdrawable(network: NetworkId, available: string): string | null {
  const balance = tryParseAmount(available, LEDGER_DECIMALS);
  if (balance === null) return null;
  const { min, max, fee } = withdrawLimitsOf(network);
  const step = 10n ** BigInt(LEDGER_DECIMALS - WITHDRAW_DECIMALS[NETWORKS[network].currency]);
  let amount = balance - fee;
  if (amount > max) amount = max;
  amount -= amount % step;
  if (amount < min) return null;
  return plainAmount(amount);
}

/** The withdraw form as typed, across its steps: destination and amount, the label to save the
 * address under, and the two-factor code of the last step. */
export interface WithdrawFormValues {
  address: string;
  amount: string;
  save: boolean;
  label: string;
  totp: string;
}

export interface WithdrawContext {
  currency: Cryptocurrency;
  network: NetworkId;
  available: string;
  devnet: boolean;
}

/**
 * What the confirm step sends, for react-hook-form: a destination that passes its checksum and
 * an amount in the network's limits become the request body, checked with the shared
 * WithdrawalRequest (the server's own schema). The balance is the server's to judge by then.
 */
export function withdrawRequestSchema(context: WithdrawContext) {
  return z
    .custom<WithdrawFormValues>()
    .transform((values, ctx): z.input<typeof WithdrawalRequest> => {
      const { network, available, devnet } = context;
      const amount = checkAmount(network, values.amount, available);
      const address = checkAddress(network, values.address, devnet);
      if (!amount.quote || !address.address) {
        for (const [path, error] of [
          ['amount', amount.quote ? null : amount.error],
          ['address', address.error],
        ] as const) {
          if (error) ctx.addIssue({ code: 'custom', path: [path], message: error.key, params: error.values });
        }
        return z.NEVER;
      }
      const label = values.label.trim();
      return {
        cryptocurrency: context.currency,
        network,
        amount: normalizeAmountInput(values.amount),
        toAddress: address.address,
        totpCode: values.totp.trim(),
        // One code covers the withdrawal and saving its address (docs/decisions/023).
        ...(values.save && label ? { saveLabel: label } : {}),
      };
    })
    .pipe(WithdrawalRequest);
}

/** An address shortened to its first 8 and last 6 characters. */
export function shortAddress(address: string): string {
  return address.length <= 17 ? address : `${address.slice(0, 8)}…${address.slice(-6)}`;
}
