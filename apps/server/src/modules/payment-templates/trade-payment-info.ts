import type { PaymentProofFile, TradePaymentTemplate } from '@p2p/shared';
import type { PaymentProofRow, TradePaymentDetailsRow } from '../../db/schema.ts';
import { receiptUrl } from '../uploads/uploads.repository.ts';

export interface TradePaymentInfo {
  paymentTemplate: TradePaymentTemplate | null;
  paymentProof: string | null;
  paymentProofFiles: PaymentProofFile[];
}

/** The payment side of trades from their rows already read (details ascending, receipts by time). */
export function paymentInfoFrom(
  sent: TradePaymentDetailsRow[],
  proofs: PaymentProofRow[],
): (tradeId: string) => TradePaymentInfo {
  const latestSent = new Map(sent.map((s) => [s.tradeId, s])); // ascending: the last one wins
  const filesByTrade = new Map<string, PaymentProofFile[]>();
  for (const p of proofs) {
    const files = filesByTrade.get(p.tradeId) ?? [];
    files.push({
      id: p.id,
      name: p.originalName || 'receipt.jpg',
      size: p.processedSize,
      type: p.mimeType,
      url: receiptUrl(p.id),
      uploadedAt: p.createdAt.toISOString(),
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
