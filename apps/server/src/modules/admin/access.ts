import { type AdminView, type StaffPermission, staffMay } from '@p2p/shared';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../errors.ts';
import type { StaffActor } from '../audit-log/index.ts';
import { idempotencyKeyOf } from '../idempotency/index.ts';
import type { StaffAuthService } from './staff.service.ts';

const members = new WeakMap<FastifyRequest, AdminView>();

/** The signed-in staff member of a request that passed one of the guards below. */
export function staffOf(request: FastifyRequest): AdminView {
  const member = members.get(request);
  if (!member) throw new Error('staffOf() on a request without a staff guard');
  return member;
}

/** Who acts and from where: every staff action records the IP and user agent. */
export function actorOf(request: FastifyRequest): StaffActor {
  const userAgent = request.headers['user-agent'];
  return {
    staffId: request.staffId,
    ipAddress: request.ip || null,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 512) : null,
    idempotencyKey: idempotencyKeyOf(request.headers),
  };
}

/**
 * Guards of the /admin routes (docs/decisions/016-back-office.md): a live staff session of an
 * enabled account, two-factor enrolled where it is required, and the role's permission.
 */
export class StaffAccess {
  constructor(
    private readonly app: FastifyInstance,
    private readonly auth: StaffAuthService,
  ) {}

  /** Any signed-in staff member, even one who still has to enrol in two-factor. */
  get session(): onRequestAsyncHookHandler[] {
    return [
      this.app.requireStaff,
      async (request) => {
        members.set(request, await this.auth.active(request.staffId));
      },
    ];
  }

  /** A staff member whose role has `permission`. */
  allow(permission: StaffPermission): onRequestAsyncHookHandler[] {
    return [
      this.app.requireStaff,
      async (request) => {
        const me = await this.auth.active(request.staffId);
        if (me.twoFactorRequired && !me.twoFactorEnabled) {
          throw new AppError('TWO_FACTOR_REQUIRED', 'bo.twoFactorEnrol', undefined, { reason: 'enrol' });
        }
        if (!staffMay(me.role, permission)) {
          throw new AppError(
            'FORBIDDEN',
            permission === 'withdrawals.decide' ? 'bo.wdAdminsOnly' : 'bo.adminsOnly',
          );
        }
        members.set(request, me);
      },
    ];
  }
}
