import { z } from 'zod';
import { CRYPTOCURRENCIES } from '../money.ts';
import { NETWORK_IDS } from '../networks.ts';
import { PageInfo, PagingQuery } from './common.ts';
import { text } from './text.ts';

/** How the server reads the chains: a simulated devnet, the real networks, or not at all. */
export const CHAIN_MODES = ['devnet', 'live', 'off'] as const;
export type ChainMode = (typeof CHAIN_MODES)[number];

export const DEPOSIT_STATUSES = ['pending', 'credited', 'below_minimum', 'dropped'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** An unknown network is refused with the allowed ones (the enum's values, `{options}`). */
const Network = z.enum(NETWORK_IDS, { error: 'validation.network.unknown' });

export const DepositAddressQuery = z.object({ network: Network });
export type DepositAddressQuery = z.infer<typeof DepositAddressQuery>;

/** The signed-in user's own deposit address on one network, with the network's deposit rules. */
export const DepositAddressView = z.object({
  network: Network,
  currency: z.enum(CRYPTOCURRENCIES),
  address: z.string(),
  /** Smallest amount that is credited; less is recorded as `below_minimum` and kept. */
  minimum: z.string(),
  /** Largest amount per deposit the platform expects; more is credited and flagged for review. */
  maximum: z.string(),
  confirmations: z.number().int(),
  /** `devnet`: a simulated chain, no real coins (the UI shows a banner). */
  chainMode: z.enum(CHAIN_MODES),
  explorerUrl: z.string().nullable(),
});
export type DepositAddressView = z.infer<typeof DepositAddressView>;

export const DepositsQuery = PagingQuery.extend({
  status: z.enum(DEPOSIT_STATUSES).optional(),
  network: Network.optional(),
});
export type DepositsQuery = z.infer<typeof DepositsQuery>;

export const DepositView = z.object({
  id: z.uuid(),
  network: Network,
  currency: z.enum(CRYPTOCURRENCIES),
  /** Credited amount (8 decimals); a finer on-chain remainder is recorded but never credited. */
  amount: z.string(),
  address: z.string(),
  txHash: z.string(),
  /** Bitcoin output index, EVM/TRON log index; -1 for a native EVM value transfer. */
  outputIndex: z.number().int(),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  status: z.enum(DEPOSIT_STATUSES),
  /** Above the network's deposit maximum: credited all the same, and flagged for staff. */
  aboveMaximum: z.boolean(),
  explorerUrl: z.string().nullable(),
  seenAt: z.string(),
  creditedAt: z.string().nullable(),
});
export type DepositView = z.infer<typeof DepositView>;

export const DepositsPage = z.object({ deposits: z.array(DepositView), pagination: PageInfo });
export type DepositsPage = z.infer<typeof DepositsPage>;

// ---- devnet (CHAIN_MODE=devnet only) ----

export const DevChainParams = z.object({ network: Network });
export type DevChainParams = z.infer<typeof DevChainParams>;

export const DevTransferRequest = z.object({
  toAddress: text({
    min: 1,
    max: 128,
    messages: { required: 'validation.deposit.address', tooLong: 'validation.address.tooLong' },
  }),
  amount: text({ max: 20 })
    .regex(/^\d{1,9}(\.\d{1,8})?$/, 'validation.deposit.amountFormat')
    .refine((v) => /[1-9]/.test(v), 'wd.err.amountPositive'),
});
export type DevTransferRequest = z.infer<typeof DevTransferRequest>;

export const DevTransferResult = z.object({
  network: Network,
  txHash: z.string(),
  toAddress: z.string(),
  amount: z.string(),
});
export type DevTransferResult = z.infer<typeof DevTransferResult>;

export const DevBlocksRequest = z.object({
  count: z
    .number()
    .int()
    .min(1, 'validation.devnet.blocksMin')
    .max(100, 'validation.devnet.blocksMax')
    .default(1),
});
export type DevBlocksRequest = z.infer<typeof DevBlocksRequest>;

export const DevBlocksResult = z.object({ network: Network, height: z.number().int() });
export type DevBlocksResult = z.infer<typeof DevBlocksResult>;

/** A transaction hash as the devnet writes it: 64 hex digits, `0x`-prefixed on EVM chains. */
export const DevTxParams = DevChainParams.extend({
  txHash: z.string().regex(/^(0x)?[0-9a-f]{64}$/, 'validation.txHash'),
});
export type DevTxParams = z.infer<typeof DevTxParams>;

export const DevDropResult = z.object({ network: Network, txHash: z.string(), dropped: z.boolean() });
export type DevDropResult = z.infer<typeof DevDropResult>;
