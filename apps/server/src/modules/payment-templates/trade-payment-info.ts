import type { PaymentProofFile, TradePaymentTemplate } from '@p2p/shared';
import type { PaymentProofRow, TradePaymentDetailsRow } from '../../db/schema.ts';
import { type ReceiptMatchSeen, receiptUrl, toPaymentProofMatch } from '../uploads/index.ts';

export interface TradePaymentInfo {
  paymentTemplate: TradePaymentTemplate | null;
  paymentProof: string | null;
  paymentProofFiles: PaymentProofFile[];
}

/** Receipts matched across trades (decision 023), read for the trades whose viewer sees them. */
export interface ShownReceiptMatches {
  trades: Set<string>;
  matches: ReceiptMatchSeen[];
}

/**
 * The payment side of trades from their rows already read (details ascending, receipts by
 * time). A receipt carries `matches` only in the trades of `shown`, and only when it was
 * fingerprinted (stored since migration 0025): an empty list then means "compared, none".
 */
export function paymentInfoFrom(
  sent: TradePaymentDetailsRow[],
  proofs: PaymentProofRow[],
  shown: ShownReceiptMatches = { trades: new Set(), matches: [] },
): (tradeId: string) => TradePaymentInfo {
  const latestSent = new Map(sent.map((s) => [s.tradeId, s])); // ascending: the last one wins
  const matchesOf = new Map<string, ReceiptMatchSeen[]>();
  for (const m of shown.matches) matchesOf.set(m.proofId, [...(matchesOf.get(m.proofId) ?? []), m]);
  const filesByTrade = new Map<string, PaymentProofFile[]>();
  for (const p of proofs) {
    const files = filesByTrade.get(p.tradeId) ?? [];
    const withMatches = shown.trades.has(p.tradeId) && p.phash !== null;
    files.push({
      id: p.id,
      name: p.originalName || 'receipt.jpg',
      size: p.processedSize,
      type: p.mimeType,
      url: receiptUrl(p.id),
      uploadedAt: p.createdAt.toISOString(),
      ...(withMatches ? { matches: (matchesOf.get(p.id) ?? []).map(toPaymentProofMatch) } : {}),
    });
    filesByTrade.set(p.tradeId, files);
  }
  return (tradeId) => {
    const s = latestSent.get(tradeId);
    const files = filesByTrade.get(tradeId) ?? [];
    return {
      paymentTemplate: s
        ? {
            templateId: s.templateId,
            name: s.name,
            type: s.type,
            details: s.details,
            sentAt: s.sentAt.toISOString(),
          }
        : null,
      paymentProof: files.at(-1)?.url ?? null,
      paymentProofFiles: files,
    };
  };
}
