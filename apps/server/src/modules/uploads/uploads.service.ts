import type { Needs } from '../../context.ts';
import type { Executor, Tx } from '../../db/client.ts';
import type { PaymentProofRow, TradeRow } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { PendingEvents } from '../../events/notifier.ts';
import { answerEvidence, hasOpenEvidenceRequest } from '../dispute-evidence/index.ts';
import { findTrade, lockTrade, roleOf, staffMayObserve } from '../trade-access/index.ts';
import { fingerprintReceipt, type ReceiptFingerprint, sha256Hex } from './receipt-fingerprint.ts';
import { reencodeReceipt } from './receipt-image.ts';
import * as matches from './receipt-matches.repository.ts';
import { decideMatches } from './receipt-matches.ts';
import * as repo from './uploads.repository.ts';

/** Receipts a buyer may attach to one trade (enough for split payments, bounded storage). */
export const RECEIPTS_PER_TRADE_MAX = 10;
/** The buyer proves a payment while it is being made or awaits confirmation. */
const UPLOADABLE: readonly TradeRow['status'][] = ['ESCROW_LOCKED', 'PAYMENT_PENDING'];

export type ReceiptViewer = { kind: 'user'; id: string } | { kind: 'staff'; id: string };

/**
 * Who may see a receipt: the trade's buyer and seller, and staff once the trade has gone to
 * dispute (moderators resolve disputes from it; docs/decisions/010).
 */
export function canReadReceipt(
  viewer: ReceiptViewer,
  trade: Pick<TradeRow, 'buyerId' | 'sellerId' | 'disputedAt'>,
): boolean {
  if (viewer.kind === 'staff') return staffMayObserve(trade);
  return viewer.id === trade.buyerId || viewer.id === trade.sellerId;
}

/** Refuses anyone but the buyer of a trade awaiting payment; non-parties learn nothing. */
/**
 * The buyer uploads receipts while paying; in a dispute, a party the moderator asked for
 * evidence (buyer or seller) may upload one as the answer.
 */
async function checkUploader(db: Executor, trade: TradeRow | null, userId: string): Promise<TradeRow> {
  if (!trade) throw notFound('errors.tradeNotFound');
  const role = roleOf(trade, userId);
  if (role === 'observer') throw notFound('errors.tradeNotFound');
  if (trade.status === 'DISPUTED' && (await hasOpenEvidenceRequest(db, trade.id, userId))) return trade;
  if (role !== 'buyer') throw new AppError('FORBIDDEN', 'errors.receiptByBuyer');
  if (!UPLOADABLE.includes(trade.status)) {
    throw new AppError('ACTION_NOT_AVAILABLE', 'errors.actionNotAvailable', undefined, {
      status: trade.status,
    });
  }
  return trade;
}

/** A display name for the original file: no path, no control characters, at most 200 chars. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f).join('');
  return printable.trim().slice(0, 200);
}

export class UploadsService {
  constructor(private readonly ctx: Needs<'db' | 'clock' | 'notifier' | 'uploads'>) {}

  /** Cheap check before the upload is read and decoded; repeated under lock when storing. */
  async assertCanUploadReceipt(userId: string, tradeId: string): Promise<void> {
    await checkUploader(this.ctx.db, await findTrade(this.ctx.db, tradeId), userId);
  }

  /**
   * Stores a buyer's receipt: re-encoded, in the shared upload store, recorded on the trade,
   * and matched against other trades' receipts (docs/decisions/023, "Reused receipts").
   * A receipt never moves money; the seller still confirms the payment themselves.
   */
  async uploadReceipt(userId: string, tradeId: string, file: { bytes: Buffer; originalName: string }) {
    const image = await reencodeReceipt(file.bytes);
    const fingerprint = await fingerprintReceipt(image.data);
    const storageKey = await this.ctx.uploads.save('receipt', image.data, 'image/jpeg');
    const now = this.ctx.clock.now();
    let proof: Awaited<ReturnType<typeof repo.insertProof>>;
    const events = new PendingEvents();
    try {
      ({ proof } = await this.ctx.db.transaction(async (tx) => {
        const trade = await checkUploader(tx, await lockTrade(tx, tradeId), userId);
        if ((await repo.countProofsOfTrade(tx, tradeId)) >= RECEIPTS_PER_TRADE_MAX) {
          throw new AppError('RULE_VIOLATION', 'errors.receiptsMax', { max: RECEIPTS_PER_TRADE_MAX });
        }
        const proof = await repo.insertProof(tx, {
          tradeId,
          uploaderId: userId,
          storageKey,
          originalName: cleanName(file.originalName),
          size: file.bytes.length,
          processedSize: image.data.length,
          width: image.width,
          height: image.height,
          sha256: fingerprint.sha256,
          phash: fingerprint.phash,
          createdAt: now,
        });
        await this.matchReceipt(tx, { proof, fingerprint, uploadSha256: sha256Hex(file.bytes), now });
        // A receipt answers the moderator's open evidence requests to this party.
        await answerEvidence(tx, { tradeId, userId, answer: 'receipt', ref: proof.id, now });
        events.toUsers([trade.buyerId, trade.sellerId], 'trade:payment_proof_uploaded', {
          tradeId,
          url: repo.receiptUrl(proof.id),
          uploadedBy: userId,
          uploadedAt: proof.createdAt.toISOString(),
          fileSize: proof.size,
        });
        await events.writeTo(tx, now);
        return { proof, trade };
      }));
    } catch (error) {
      await this.ctx.uploads.remove(storageKey);
      throw error;
    }
    const url = repo.receiptUrl(proof.id);
    events.publishTo(this.ctx.notifier);
    return { url, fileSize: proof.size, processedSize: proof.processedSize };
  }

  /**
   * Records which receipts of other trades the new one is. Its SHA-256 is that of our JPEG
   * (what is stored, so it can be computed again from storage; the same file re-uploaded
   * encodes to the same bytes); the upload's own SHA-256 is looked up too, so a receipt
   * downloaded from another trade and uploaded as it is matches exactly.
   */
  private async matchReceipt(
    tx: Tx,
    {
      proof,
      fingerprint,
      uploadSha256,
      now,
    }: { proof: PaymentProofRow; fingerprint: ReceiptFingerprint; uploadSha256: string; now: Date },
  ): Promise<void> {
    await matches.insertThumbnail(tx, proof.id, fingerprint.thumbnail);
    await matches.lockReceiptMatching(tx);
    const candidates = await matches.findMatchCandidates(
      tx,
      proof.tradeId,
      [fingerprint.sha256, uploadSha256],
      fingerprint.phash,
    );
    await matches.insertMatches(tx, proof, decideMatches(fingerprint.thumbnail, candidates), now);
  }

  /** The receipt's JPEG bytes for a viewer allowed to see it; everyone else gets 404. */
  async readReceipt(viewer: ReceiptViewer, id: string): Promise<Buffer> {
    const proof = await repo.findProofWithParties(this.ctx.db, id);
    if (!proof || !canReadReceipt(viewer, proof)) throw notFound('errors.receiptNotFound');
    const stored = await this.ctx.uploads.read(proof.storageKey);
    if (!stored) throw notFound('errors.receiptNotFound');
    return stored.data;
  }
}
