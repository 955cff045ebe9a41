import { z } from 'zod';
import { LANGS } from '../i18n/runtime.ts';
import { CHAIN_MODES } from './deposits.ts';

/**
 * GET /config: the public settings a client needs before anyone commits to a trade. Never
 * secrets. The fee is computed from `platformFeeRate` with the shared `feeFor`, exactly as the
 * settlement does.
 */
export const PublicConfig = z.object({
  /** Fee taken from the buyer's side on release, a decimal fraction: "0.001" is 0.1 %. */
  platformFeeRate: z.string(),
  /** Who the fee is taken from. */
  feePayer: z.literal('buyer'),
  languages: z.array(z.enum(LANGS)),
  defaultLanguage: z.enum(LANGS),
  /**
   * How the server reads the chains: `devnet` (simulated, no real coins; Bitcoin addresses are
   * regtest ones and the wallet offers test transfers), `live`, or `off` (no deposits).
   */
  chainMode: z.enum(CHAIN_MODES),
});
export type PublicConfig = z.infer<typeof PublicConfig>;
