import type { CreateStaffRequest, StaffMember, UpdateStaffRequest } from '@p2p/shared';
import type { Needs } from '../../context.ts';
import type { StaffRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { insertAuditEntry, type StaffActor } from '../audit-log/index.ts';
import { findTwoFactor } from '../two-factor/index.ts';
import {
  findStaffByEmail,
  findStaffById,
  listStaffWithTwoFactor,
  lockStaff,
  revokeStaffSessions,
  updateStaff,
} from './staff.repository.ts';
import { createStaff, toAdminView } from './staff.service.ts';

const stateOf = (row: StaffRow) => ({ role: row.role, disabled: row.disabledAt !== null });

/** Staff accounts managed by admins (docs/decisions/016-back-office.md). */
export class StaffAdminService {
  constructor(private readonly ctx: Needs<'config' | 'db' | 'clock'>) {}

  private get production() {
    return this.ctx.config.env === 'production';
  }

  async list(): Promise<StaffMember[]> {
    const rows = await listStaffWithTwoFactor(this.ctx.db);
    return rows.map(({ member, enabledAt }) => this.view(member, Boolean(enabledAt)));
  }

  private view(row: StaffRow, twoFactor: boolean): StaffMember {
    return {
      ...toAdminView(row, twoFactor, this.production),
      disabledAt: row.disabledAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async create(actor: StaffActor, input: CreateStaffRequest): Promise<StaffMember> {
    const now = this.ctx.clock.now();
    return this.ctx.db.transaction(async (tx) => {
      if (await findStaffByEmail(tx, input.email)) throw new AppError('CONFLICT', 'bo.staffEmailTaken');
      const created = await createStaff(tx, input, now);
      const row = await findStaffById(tx, created.id);
      if (!row) throw new AppError('CONFLICT', 'bo.staffEmailTaken');
      await insertAuditEntry(tx, {
        staffId: actor.staffId,
        action: 'staff.create',
        entityType: 'staff',
        entityId: row.id,
        ipAddress: actor.ipAddress,
        userAgent: actor.userAgent,
        note: null,
        beforeState: null,
        afterState: { email: row.email, ...stateOf(row) },
        metadata: null,
        createdAt: now,
      });
      return this.view(row, false);
    });
  }

  /** Changes a role or disables/enables an account; disabling ends its sessions. Never one's own. */
  async update(actor: StaffActor, id: string, input: UpdateStaffRequest): Promise<StaffMember> {
    if (id === actor.staffId) throw new AppError('FORBIDDEN', 'bo.selfChange');
    const now = this.ctx.clock.now();
    return this.ctx.db.transaction(async (tx) => {
      const before = await lockStaff(tx, id);
      if (!before) throw new AppError('NOT_FOUND', 'bo.staffNotFound');
      const patch: Partial<StaffRow> = {};
      if (input.role) patch.role = input.role;
      if (input.disabled !== undefined) patch.disabledAt = input.disabled ? (before.disabledAt ?? now) : null;
      const after = Object.keys(patch).length > 0 ? await updateStaff(tx, id, patch) : before;
      if (!after) throw new AppError('NOT_FOUND', 'bo.staffNotFound');
      if (after.disabledAt && !before.disabledAt) {
        await revokeStaffSessions(tx, id, 'staff_disabled', now);
      }
      await insertAuditEntry(tx, {
        staffId: actor.staffId,
        action: 'staff.update',
        entityType: 'staff',
        entityId: id,
        ipAddress: actor.ipAddress,
        userAgent: actor.userAgent,
        note: null,
        beforeState: stateOf(before),
        afterState: stateOf(after),
        metadata: null,
        createdAt: now,
      });
      const tf = await findTwoFactor(tx, id);
      return this.view(after, Boolean(tf?.enabledAt));
    });
  }
}
