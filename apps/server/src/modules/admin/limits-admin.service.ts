import {
  type AdminTradeLimits,
  effectiveName,
  type FrequentPairList,
  type FrequentPairsQuery,
  type TradeSuspension,
} from '@p2p/shared';
import type { Needs } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { insertAuditEntry, type StaffActor, toStaffRef } from '../audit-log/index.ts';
import {
  type FrequentPairRow,
  frequentPairs,
  insertLift,
  type LimitsService,
  listLifts,
  lockBuyerLimits,
  readLimitCounts,
  suspensionView,
} from '../limits/index.ts';
import { userExists } from './admin-users.repository.ts';

/**
 * A user's trade limits in the back office, and the lift of their suspensions
 * (docs/decisions/023-trust-and-safety.md, "Limits"): admins only, with a reason, audited. A
 * lift forgives everything counted before it (cancellations, lost disputes), so the same
 * losses do not suspend again at the next opening.
 */
export class LimitsAdminService {
  constructor(
    private readonly ctx: Needs<'config' | 'db' | 'clock'>,
    private readonly limits: LimitsService,
  ) {}

  async view(userId: string, db: Executor = this.ctx.db): Promise<AdminTradeLimits> {
    if (!(await userExists(db, userId))) throw new AppError('NOT_FOUND', 'errors.userNotFound');
    const [limits, lifts] = await Promise.all([this.limits.view(userId, db), listLifts(db, userId)]);
    return {
      ...limits,
      lifts: lifts.map(({ lift, staff }) => ({
        id: lift.id.toString(),
        liftedAt: lift.liftedAt.toISOString(),
        reason: lift.reason,
        staff: staff ? toStaffRef(staff) : null,
        lifted: lift.lifted as TradeSuspension[],
      })),
    };
  }

  async lift(actor: StaffActor, userId: string, reason: string): Promise<AdminTradeLimits> {
    const now = this.ctx.clock.now();
    const rules = this.ctx.config.safety.limits;
    return this.ctx.db.transaction(async (tx) => {
      if (!(await userExists(tx, userId))) throw new AppError('NOT_FOUND', 'errors.userNotFound');
      // An opening for this user waits for the lift (or the lift for it): never half of each.
      await lockBuyerLimits(tx, userId);
      const counts = await readLimitCounts(tx, userId, now, rules);
      const lifted = this.limits.suspensions(counts, now).map(suspensionView);
      if (lifted.length === 0) throw new AppError('CONFLICT', 'limits.nothingToLift');
      const id = await insertLift(tx, { userId, staffId: actor.staffId, reason, liftedAt: now, lifted });
      await insertAuditEntry(tx, {
        staffId: actor.staffId,
        action: 'user.limits_lift',
        entityType: 'user',
        entityId: userId,
        ipAddress: actor.ipAddress,
        userAgent: actor.userAgent,
        note: reason,
        beforeState: {
          suspensions: lifted,
          recentCancellations: counts.recentFailures,
          lostDisputes: counts.lostDisputes,
        },
        afterState: { suspensions: [], recentCancellations: 0, lostDisputes: 0 },
        metadata: { liftId: id },
        createdAt: now,
      });
      return this.view(userId, tx);
    });
  }

  /** Pairs that trade often with each other (docs/decisions/035), for the back office. */
  async frequentPairs(query: FrequentPairsQuery): Promise<FrequentPairList> {
    const rows = await frequentPairs(this.ctx.db, query);
    const party = (r: FrequentPairRow, side: 'a' | 'b') => ({
      id: r[`${side}_id`],
      name: effectiveName({
        displayName: r[`${side}_display_name`],
        firstName: r[`${side}_first_name`],
        lastName: r[`${side}_last_name`],
        username: r[`${side}_username`],
      }),
      username: r[`${side}_username`],
    });
    return {
      minTrades: query.minTrades,
      pairs: rows.map((r) => ({
        month: r.month,
        a: party(r, 'a'),
        b: party(r, 'b'),
        trades: Number(r.trades),
        qualified: r.qualified,
        firstAt: new Date(r.first_at).toISOString(),
        lastAt: new Date(r.last_at).toISOString(),
      })),
    };
  }
}
