import {
  DEFAULT_TIME_ZONE,
  FIAT_SIGN,
  type FiatCurrency,
  formatFiat,
  formatRu,
  formatZonedTime,
  type LimitRefusalDetails,
  type MessageKey,
  type MessageValues,
} from '@p2p/shared';
import type { SafetyConfig } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { LimitCounts } from './limits.repository.ts';

/**
 * The trade limits' rules (docs/decisions/023-trust-and-safety.md, "Limits"), pure: what the
 * counts mean and the refusal that says so. The counts come from limits.repository.ts.
 */

export type LimitRules = SafetyConfig['limits'];

export interface Suspension {
  limit: 'cancellations' | 'lost_disputes';
  since: Date;
  /** null: until staff lift it. */
  until: Date | null;
}

/** Fewer completed trades, on either side, than LIMIT_NEW_ACCOUNT_TRADES. */
export function isNewAccount(counts: LimitCounts, rules: LimitRules): boolean {
  return counts.completed < rules.newAccountTrades;
}

/** How many trades the account may hold open as buyer at once. */
export function openTradesMax(counts: LimitCounts, rules: LimitRules): number {
  return isNewAccount(counts, rules) ? rules.newOpenTrades : rules.openTrades;
}

/** The suspensions in force at `now`: the one only staff lift first, then the latest end. */
export function suspensionsOf(counts: LimitCounts, rules: LimitRules, now: Date): Suspension[] {
  const out: Suspension[] = [];
  if (counts.lostSince && counts.lostDisputes >= rules.lostDisputes) {
    out.push({ limit: 'lost_disputes', since: counts.lostSince, until: null });
  }
  if (counts.failureStrikeAt) {
    const until = new Date(counts.failureStrikeAt.getTime() + rules.cancelSuspensionMs);
    if (until > now) out.push({ limit: 'cancellations', since: counts.failureStrikeAt, until });
  }
  return out;
}

/**
 * "27.11.2026, 17:00 МСК": when a limit lifts, in a refusal's text, in the reader's own zone with
 * the zone named (docs/decisions/030); `details.until` carries the instant itself.
 */
export function limitTime(at: Date, zone: string | null): string {
  return formatZonedTime(at, zone ?? DEFAULT_TIME_ZONE, 'ru', { withDate: true });
}

/** "50 000,00 ₽" */
export function limitAmount(minor: bigint, fiat: FiatCurrency): string {
  return `${formatRu(formatFiat(minor))} ${FIAT_SIGN[fiat]}`;
}

/** Whose limit refuses: the caller's own, or the order owner's (the buyer of a buy order). */
export type LimitParty = 'self' | 'owner';

function refusal(key: MessageKey, values: MessageValues, details: LimitRefusalDetails): AppError {
  return new AppError('LIMIT_REACHED', key, values, details);
}

/**
 * A suspension's refusal. The order owner's suspension is not the caller's business: it says
 * only that this buyer cannot trade now, without since or until.
 */
export function suspensionRefusal(
  s: Suspension,
  counts: LimitCounts,
  rules: LimitRules,
  party: LimitParty,
): AppError {
  if (party === 'owner') return refusal('limits.owner.suspended', {}, { limit: s.limit, party: 'owner' });
  if (s.limit === 'lost_disputes') {
    return refusal(
      'limits.lostDisputes',
      { max: rules.lostDisputes },
      { limit: 'lost_disputes', max: rules.lostDisputes, current: counts.lostDisputes },
    );
  }
  const until = s.until as Date;
  return refusal(
    'limits.cancellations',
    { max: rules.cancelsPerDay, until: limitTime(until, counts.timeZone) },
    {
      limit: 'cancellations',
      max: rules.cancelsPerDay,
      current: counts.recentFailures,
      until: until.toISOString(),
    },
  );
}

export function openTradesRefusal({
  current,
  max,
  newAccount,
  rules,
  party,
}: {
  current: number;
  max: number;
  newAccount: boolean;
  rules: LimitRules;
  party: LimitParty;
}): AppError {
  const details: LimitRefusalDetails = { limit: 'open_trades', max, current };
  if (party === 'owner') return refusal('limits.owner.openTrades', { max }, { ...details, party: 'owner' });
  if (!newAccount) return refusal('limits.openTrades', { max, current }, details);
  return refusal(
    'limits.openTradesNew',
    { max, current, trades: rules.newAccountTrades, regular: rules.openTrades },
    details,
  );
}

export function amountRefusal(
  cap: bigint,
  fiat: FiatCurrency,
  rules: LimitRules,
  party: LimitParty,
): AppError {
  const max = formatFiat(cap);
  const details: LimitRefusalDetails = { limit: 'new_account_amount', max };
  const values = { max: limitAmount(cap, fiat), trades: rules.newAccountTrades };
  if (party === 'owner') return refusal('limits.owner.amountNew', values, { ...details, party: 'owner' });
  return refusal('limits.amountNew', values, details);
}
