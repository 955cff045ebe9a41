import {
  type AdminUserPage,
  type AdminUserView,
  effectiveName,
  formatCrypto,
  formatFiat,
  maskedAddress,
  type StaffNoteView,
} from '@p2p/shared';
import type { Needs } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { TradeRow } from '../../db/schema.ts';
import { AppError, assert } from '../../errors.ts';
import { insertAuditEntry, type StaffActor, toStaffRef } from '../audit-log/index.ts';
import { toDepositView } from '../deposits/index.ts';
import { historiesOf } from '../disputes/index.ts';
import { balancesOfUsers } from '../ledger/index.ts';
import { unlinkChat } from '../telegram/index.ts';
import { revokeUserSessions } from '../users/index.ts';
import { staffVisibleAddress } from '../withdrawals/index.ts';
import { toAdminUserView } from './admin.service.ts';
import { listUsersForAdmin, userExists } from './admin-users.repository.ts';
import {
  insertNote,
  lockUser,
  notesOf,
  recentDepositsOf,
  recentDisputesOf,
  recentTradesOf,
  recentWithdrawalsOf,
  setBlock,
  usersByIds,
} from './user-admin.repository.ts';

const LIST_MAX = 50;

/** The user page of the back office, staff notes, and blocking (docs/decisions/016-back-office.md). */
export class UserAdminService {
  constructor(private readonly ctx: Needs<'config' | 'db' | 'clock' | 'notifier'>) {}

  async user(db: Executor, userId: string): Promise<AdminUserView> {
    const { rows } = await listUsersForAdmin(db, { userId }, { limit: 1, offset: 0 });
    const row = rows[0];
    if (!row) throw new AppError('NOT_FOUND', 'errors.userNotFound');
    const balances = await balancesOfUsers(db, [userId]);
    return toAdminUserView(row, balances.get(userId) ?? []);
  }

  async page(userId: string): Promise<AdminUserPage> {
    const db = this.ctx.db;
    const user = await this.user(db, userId);
    const [tradeRows, disputeRows, withdrawalRows, depositRows, notes, histories] = await Promise.all([
      recentTradesOf(db, userId, LIST_MAX),
      recentDisputesOf(db, userId, LIST_MAX),
      recentWithdrawalsOf(db, userId, LIST_MAX),
      recentDepositsOf(db, userId, LIST_MAX),
      this.notes(userId),
      historiesOf(db, [userId]),
    ]);
    const counterpartIds = tradeRows.map((t) => (t.buyerId === userId ? t.sellerId : t.buyerId));
    const counterparts =
      counterpartIds.length === 0 ? [] : await usersByIds(db, [...new Set(counterpartIds)]);
    const nameOf = new Map(counterparts.map((u) => [u.id, effectiveName(u)]));
    const history = histories.get(userId);
    assert(history, `no history of ${userId}`);
    return {
      user,
      history,
      trades: tradeRows.map((t) => {
        const other = t.buyerId === userId ? t.sellerId : t.buyerId;
        return {
          id: t.id,
          status: t.status,
          role: t.buyerId === userId ? ('buyer' as const) : ('seller' as const),
          counterparty: { id: other, name: nameOf.get(other) ?? '' },
          cryptocurrency: t.cryptocurrency,
          amountCrypto: formatCrypto(t.amountCrypto),
          fiatCurrency: t.fiatCurrency,
          amountFiat: formatFiat(t.amountFiat),
          createdAt: t.createdAt.toISOString(),
          completedAt: t.completedAt?.toISOString() ?? null,
          cancelledAt: t.cancelledAt?.toISOString() ?? null,
        };
      }),
      disputes: disputeRows.map((t) => ({
        tradeId: t.id,
        status: t.status,
        openedAt: t.disputedAt?.toISOString() ?? null,
        openedByUser: t.disputedBy === userId,
        reason: t.disputeReason,
        result: disputeResult(t, userId),
        resolvedAt: (t.completedAt ?? t.cancelledAt)?.toISOString() ?? null,
      })),
      withdrawals: withdrawalRows.map((w) => ({
        id: w.id,
        cryptocurrency: w.cryptocurrency as AdminUserPage['withdrawals'][number]['cryptocurrency'],
        network: w.network,
        amount: formatCrypto(w.amount),
        fee: formatCrypto(w.fee),
        toAddress: staffVisibleAddress(w.status, w.toAddress),
        addressPreview: maskedAddress(w.toAddress),
        internal: w.recipientId !== null,
        status: w.status,
        txHash: w.txHash,
        createdAt: w.createdAt.toISOString(),
      })),
      deposits: depositRows.map((d) => toDepositView(d, this.ctx.config.chain.mode)),
      notes,
    };
  }

  async notes(userId: string): Promise<StaffNoteView[]> {
    const rows = await notesOf(this.ctx.db, userId);
    return rows.map(({ note, author }) => ({
      id: note.id,
      userId: note.userId,
      text: note.text,
      author: author ? toStaffRef(author) : null,
      createdAt: note.createdAt.toISOString(),
    }));
  }

  /** Appends a staff note (audited with the note as its text). */
  async addNote(actor: StaffActor, userId: string, text: string): Promise<StaffNoteView> {
    const now = this.ctx.clock.now();
    const id = await this.ctx.db.transaction(async (tx) => {
      if (!(await userExists(tx, userId))) throw new AppError('NOT_FOUND', 'errors.userNotFound');
      const row = await insertNote(tx, { userId, staffId: actor.staffId, text, createdAt: now });
      assert(row, 'note insert returned nothing');
      await insertAuditEntry(tx, {
        staffId: actor.staffId,
        action: 'user.note',
        entityType: 'user',
        entityId: userId,
        ipAddress: actor.ipAddress,
        userAgent: actor.userAgent,
        note: text,
        beforeState: null,
        afterState: null,
        metadata: { noteId: row.id },
        createdAt: now,
      });
      return row.id;
    });
    const note = (await this.notes(userId)).find((n) => n.id === id);
    assert(note, `note ${id} vanished`);
    return note;
  }

  /**
   * Blocks a user: no sign-in, no new trades, orders or withdrawals; every live session ends
   * in the same transaction. Open trades continue and can be resolved.
   */
  async block(actor: StaffActor, userId: string, reason: string): Promise<AdminUserView> {
    const now = this.ctx.clock.now();
    let ended: string[] = [];
    const view = await this.ctx.db.transaction(async (tx) => {
      const row = await lockUser(tx, userId);
      if (!row) throw new AppError('NOT_FOUND', 'errors.userNotFound');
      if (row.blockedAt) throw new AppError('CONFLICT', 'bo.alreadyBlocked');
      await setBlock(tx, userId, { blockedAt: now, blockReason: reason, blockedBy: actor.staffId });
      ended = await revokeUserSessions(tx, userId, 'user_blocked', now);
      // A linked Telegram chat would otherwise keep receiving notices and acting (docs/decisions/023).
      await unlinkChat(tx, userId);
      await insertAuditEntry(tx, {
        staffId: actor.staffId,
        action: 'user.block',
        entityType: 'user',
        entityId: userId,
        ipAddress: actor.ipAddress,
        userAgent: actor.userAgent,
        note: reason,
        beforeState: { blocked: false },
        afterState: { blocked: true, blockedAt: now.toISOString() },
        metadata: { sessionsEnded: ended.length },
        createdAt: now,
      });
      return this.user(tx, userId);
    });
    // Committed: the user's sockets close on every instance, as at logout.
    this.ctx.notifier.sessionsEnded(ended);
    return view;
  }

  async unblock(actor: StaffActor, userId: string, reason: string): Promise<AdminUserView> {
    const now = this.ctx.clock.now();
    return this.ctx.db.transaction(async (tx) => {
      const row = await lockUser(tx, userId);
      if (!row) throw new AppError('NOT_FOUND', 'errors.userNotFound');
      if (!row.blockedAt) throw new AppError('CONFLICT', 'bo.notBlocked');
      await setBlock(tx, userId, { blockedAt: null, blockReason: null, blockedBy: null });
      await insertAuditEntry(tx, {
        staffId: actor.staffId,
        action: 'user.unblock',
        entityType: 'user',
        entityId: userId,
        ipAddress: actor.ipAddress,
        userAgent: actor.userAgent,
        note: reason,
        beforeState: { blocked: true, blockedAt: row.blockedAt.toISOString(), blockReason: row.blockReason },
        afterState: { blocked: false },
        metadata: null,
        createdAt: now,
      });
      return this.user(tx, userId);
    });
  }
}

/** A resolved dispute from this user's side: release means the seller lost, refund the buyer. */
function disputeResult(t: TradeRow, userId: string): 'won' | 'lost' | null {
  if (t.status === 'COMPLETED') return t.sellerId === userId ? 'lost' : 'won';
  if (t.status === 'CANCELLED') return t.buyerId === userId ? 'lost' : 'won';
  return null;
}
