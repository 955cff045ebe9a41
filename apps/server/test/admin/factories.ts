import type { FastifyInstance } from 'fastify';
import { createStaff, type NewStaffInput } from '../../src/modules/admin/staff.service.ts';
import type { TestApp } from '../helpers.ts';

export const STAFF_PASSWORD = 'correct horse battery';
let counter = 0;

/** A staff account created through the service (as the CLI does), with a unique email. */
export async function createStaffMember(t: TestApp, overrides: Partial<NewStaffInput> = {}) {
  counter += 1;
  return createStaff(
    t.ctx.db,
    {
      email: `staff${counter}@example.com`,
      password: STAFF_PASSWORD,
      role: 'admin',
      firstName: 'Ольга',
      lastName: `Админ${counter}`,
      ...overrides,
    },
    t.clock.now(),
  );
}

export function adminLogin(app: FastifyInstance, email: string, password = STAFF_PASSWORD) {
  return app.inject({ method: 'POST', url: '/api/v1/admin/auth/login', payload: { email, password } });
}

/** A staff member signed in to the back office: ids, tokens and the bearer header. */
export async function signInStaff(t: TestApp, overrides: Partial<NewStaffInput> = {}) {
  const staff = await createStaffMember(t, overrides);
  const res = await adminLogin(t.app, staff.email, overrides.password ?? STAFF_PASSWORD);
  if (res.statusCode !== 200) throw new Error(`staff sign-in failed: ${res.statusCode} ${res.body}`);
  const data = res.json().data as { accessToken: string; refreshToken: string };
  return { staff, ...data, headers: { authorization: `Bearer ${data.accessToken}` } };
}

type Operation = 'credit' | 'debit';

/** POST /admin/users/{id}/balance/{credit|debit}. */
export function balanceOperation(
  t: TestApp,
  headers: Record<string, string>,
  operation: Operation,
  userId: string,
  payload: Record<string, unknown>,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/users/${userId}/balance/${operation}`,
    headers,
    payload: { cryptocurrency: 'BTC', reason: 'Тестовое начисление', ...payload },
  });
}

/**
 * Settings for a test app whose admin credits are only a way to give users money, not the
 * subject: above FOUR_EYES_USD a credit is a proposal for a second admin (docs/decisions/023),
 * tested in four-eyes.test.ts. Here the limit is out of reach.
 */
export const CREDITS_WITHOUT_FOUR_EYES = { FOUR_EYES_USD: '100000000' } as const;
