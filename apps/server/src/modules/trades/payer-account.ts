import { createHmac, hkdfSync } from 'node:crypto';
import type { PayerAccountInput, PayerAccountView } from '@p2p/shared';
import type { TradeRow } from '../../db/schema.ts';

/**
 * The payer account named at «Я оплатил» (docs/decisions/023-trust-and-safety.md). The seller
 * is shown the bank, the last four digits and the name as the bank shows it; the platform
 * recognises the same account across trades by an HMAC of those three, normalised, under a
 * key derived from the server's secret, so the fingerprint says nothing to anyone without it
 * and nothing more than the seller sees is stored.
 */

/** What a trade stores of a payer account. */
export interface PayerColumns {
  payerBank: string;
  payerLast4: string;
  payerName: string;
  payerFingerprint: string;
}

/** Case, `ё`, dots and runs of spaces make no difference to a name. */
export function normalizePayerName(name: string): string {
  return name
    .normalize('NFC')
    .toUpperCase()
    .replace(/Ё/g, 'Е')
    .replace(/[.,]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export class PayerFingerprints {
  private readonly key: Buffer;

  constructor(masterKey: Buffer) {
    this.key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'p2p-market payer account v1', 32));
  }

  /** The columns a trade stores for `input` (validated by the shared schema). */
  columns(input: PayerAccountInput): PayerColumns {
    const name = input.name.replace(/\s+/g, ' ').trim();
    const key = `${input.bank}|${input.last4}|${normalizePayerName(name)}`;
    return {
      payerBank: input.bank,
      payerLast4: input.last4,
      payerName: name,
      payerFingerprint: createHmac('sha256', this.key).update(key).digest('hex'),
    };
  }
}

/** The history of a payer account as the trade-view statement reads it. */
export interface PayerHistoryRow {
  trade_id: string;
  completed: string | number;
  sellers: string | number;
  other_buyers: string | number;
  first_seen: string | null;
}

const LATIN: Record<string, string> = {
  А: 'A',
  Б: 'B',
  В: 'V',
  Г: 'G',
  Д: 'D',
  Е: 'E',
  Ж: 'ZH',
  З: 'Z',
  И: 'I',
  Й: 'I',
  К: 'K',
  Л: 'L',
  М: 'M',
  Н: 'N',
  О: 'O',
  П: 'P',
  Р: 'R',
  С: 'S',
  Т: 'T',
  У: 'U',
  Ф: 'F',
  Х: 'KH',
  Ц: 'TS',
  Ч: 'CH',
  Ш: 'SH',
  Щ: 'SHCH',
  Ъ: '',
  Ы: 'Y',
  Ь: '',
  Э: 'E',
  Ю: 'YU',
  Я: 'YA',
};

/**
 * A name's words in Latin letters, spelled loosely, so «Иван» and "Ivan", «Мария» and "Maria",
 * «Юлия» and "Julia" compare equal: Й/Y/J read as I, X as KS, doubled letters as one. Initials
 * («П.») stay, as one-letter words.
 */
function nameWords(name: string): string[] {
  return normalizePayerName(name)
    .split(' ')
    .map((word) => [...word].map((c) => LATIN[c] ?? c).join(''))
    .map((word) =>
      word
        .replace(/[^A-Z]/g, '')
        .replace(/[YJ]/g, 'I')
        .replace(/X/g, 'KS')
        .replace(/(.)\1+/g, '$1'),
    )
    .filter((word) => word.length >= 1);
}

/** Two surname spellings that can be the same person's: one starts the other («П», «Петров», «Петрова»). */
const samePrefix = (a: string, b: string) => a.startsWith(b) || b.startsWith(a);

/**
 * Whether the payer's name can be this one name of the buyer; null when the name has no word of
 * two letters or more to compare (initials, emoji). It can when one of its full words is a word
 * of the payer's; when that word is its first name and both go on (a surname, an initial), one
 * of the payer's other words must share a prefix with its surname: «Мария П.» and «Мария
 * Петрова» are «Мария Петрова», «Мария Иванова» is not.
 */
function matchesName(payer: string[], name: string): boolean | null {
  const words = nameWords(name);
  if (!words.some((w) => w.length >= 2)) return null;
  const surname = words[1];
  return words.some((word, i) => {
    if (word.length < 2) return false;
    const at = payer.indexOf(word);
    if (at < 0) return false;
    if (i !== 0 || surname === undefined) return true;
    const rest = payer.filter((_w, j) => j !== at);
    return rest.length === 0 || rest.some((w) => samePrefix(w, surname));
  });
}

/** The names a buyer goes by: their first and last name (Telegram's), and the name shown to the seller. */
export interface BuyerNames {
  firstName: string;
  lastName: string | null;
  /** The name the seller sees on the trade and in the release checklist (effectiveName). */
  shownName?: string | null;
}

/**
 * Whether the bank's name of the payer can be the buyer's (docs/decisions/034): a bank shows
 * «Иван Петрович С.», a profile "Ivan Smirnov", the trade «Мария». It is when it matches any of
 * the names the buyer goes by (matchesName); a buyer with no usable name cannot be told apart:
 * no warning.
 */
export function payerNameMatches(payerName: string, buyer: BuyerNames): boolean {
  const payer = nameWords(payerName);
  const names = [[buyer.firstName, buyer.lastName ?? ''].join(' '), buyer.shownName ?? ''];
  const results = names.map((name) => matchesName(payer, name)).filter((r) => r !== null);
  return results.length === 0 || results.some(Boolean);
}

/**
 * The payer account of a trade as `role` sees it: the buyer who named it sees what they
 * named, the seller and staff also its history on the platform and the warnings.
 */
export function payerViewOf(
  t: TradeRow,
  role: 'buyer' | 'seller' | 'observer',
  buyer: BuyerNames,
  history: PayerHistoryRow | undefined,
): PayerAccountView | null {
  if (!t.payerBank || !t.payerLast4 || !t.payerName) return null;
  const view = { bank: t.payerBank, last4: t.payerLast4, name: t.payerName };
  if (role === 'buyer') return { ...view, history: null, warnings: [] };
  const otherBuyers = Number(history?.other_buyers ?? 0);
  const warnings: PayerAccountView['warnings'] = [];
  if (otherBuyers > 0) warnings.push('third_party');
  if (!payerNameMatches(t.payerName, buyer)) warnings.push('name_mismatch');
  return {
    ...view,
    history: {
      completedTrades: Number(history?.completed ?? 0),
      distinctSellers: Number(history?.sellers ?? 0),
      otherBuyers,
      firstSeenAt: history?.first_seen ? new Date(history.first_seen).toISOString() : null,
    },
    warnings,
  };
}
