import {
  CRYPTOCURRENCIES,
  type Cryptocurrency,
  explorerTxUrl,
  formatCrypto,
  isNetworkId,
  type WALLET_OPERATIONS,
  type WalletTransactionView,
} from '@p2p/shared';
import type { HistoryRow } from './wallet-history.repository.ts';

type Operation = (typeof WALLET_OPERATIONS)[number];
type Reference = NonNullable<WalletTransactionView['reference']>;

const OPERATION_OF_KIND: Record<string, Operation> = {
  deposit: 'deposit',
  withdrawal_lock: 'withdrawal_request',
  withdrawal_unlock: 'withdrawal_return',
  withdrawal_complete: 'withdrawal_sent',
  escrow_lock: 'escrow_lock',
  trade_release: 'trade_release',
  trade_refund: 'trade_refund',
  order_reserve: 'order_reserve',
  order_release: 'order_release',
  admin_credit: 'staff_credit',
  admin_debit: 'staff_debit',
};

const TYPE_OF_OPERATION: Record<Operation, WalletTransactionView['type']> = {
  deposit: 'deposit',
  withdrawal_request: 'withdrawal',
  withdrawal_return: 'withdrawal',
  withdrawal_sent: 'withdrawal',
  transfer_in: 'transfer',
  transfer_out: 'transfer',
  escrow_lock: 'trade',
  trade_release: 'trade',
  trade_refund: 'trade',
  order_reserve: 'order',
  order_release: 'order',
  staff_credit: 'adjustment',
  staff_debit: 'adjustment',
  swap_in: 'trade',
  swap_out: 'trade',
  other: 'adjustment',
};

const REFERENCE_TYPES = new Set<string>(['trade', 'order', 'withdrawal', 'deposit']);

/**
 * A history row as the user reads it. The fee is the one this user paid: on a trade release
 * the buyer's (whose balance grew), on a sent withdrawal the sender's.
 */
export function toTransactionView(row: HistoryRow): WalletTransactionView {
  const available = BigInt(row.available);
  const locked = BigInt(row.locked);
  const total = available + locked;
  const operation: Operation =
    row.kind === 'internal_transfer'
      ? total > 0n
        ? 'transfer_in'
        : 'transfer_out'
      : row.kind === 'swap_payment' || row.kind === 'swap_delivery'
        ? total > 0n
          ? 'swap_in'
          : 'swap_out'
        : (OPERATION_OF_KIND[row.kind] ?? 'other');
  const fees = row.fees ? BigInt(row.fees) : 0n;
  const paysFee =
    row.kind === 'withdrawal_complete' ||
    ((row.kind === 'trade_release' || row.kind === 'swap_delivery') && total > 0n);
  const network = row.network && isNetworkId(row.network) ? row.network : null;
  const currency = CRYPTOCURRENCIES.find((c) => c === row.currency) as Cryptocurrency;
  return {
    id: row.tx_id,
    type: TYPE_OF_OPERATION[operation],
    operation,
    currency,
    availableChange: formatCrypto(available),
    lockedChange: formatCrypto(locked),
    totalChange: formatCrypto(total),
    fee: paysFee && fees > 0n ? formatCrypto(fees) : null,
    reference:
      row.ref_type && row.ref_id && REFERENCE_TYPES.has(row.ref_type)
        ? { type: row.ref_type as Reference['type'], id: row.ref_id }
        : null,
    status: row.status,
    network,
    txHash: row.tx_hash,
    explorerUrl: network && row.tx_hash ? explorerTxUrl(network, row.tx_hash) : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const CSV_COLUMNS = [
  ['created_at', (v: WalletTransactionView) => v.createdAt],
  ['id', (v) => v.id],
  ['type', (v) => v.type],
  ['operation', (v) => v.operation],
  ['currency', (v) => v.currency],
  ['available_change', (v) => v.availableChange],
  ['locked_change', (v) => v.lockedChange],
  ['total_change', (v) => v.totalChange],
  ['fee', (v) => v.fee],
  ['status', (v) => v.status],
  ['reference_type', (v) => v.reference?.type ?? null],
  ['reference_id', (v) => v.reference?.id ?? null],
  ['network', (v) => v.network],
  ['tx_hash', (v) => v.txHash],
  ['explorer_url', (v) => v.explorerUrl],
] as const satisfies readonly (readonly [string, (v: WalletTransactionView) => string | null])[];

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes
 * doubled. A text a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a
 * leading apostrophe; plain signed numbers stay numbers.
 */
export function csvField(value: string | null): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(views: WalletTransactionView[]): string {
  const lines = [CSV_COLUMNS.map(([name]) => name).join(',')];
  for (const v of views) lines.push(CSV_COLUMNS.map(([, get]) => csvField(get(v))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
