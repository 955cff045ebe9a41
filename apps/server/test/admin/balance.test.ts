import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../src/db/schema.ts';
import { auditLedger } from '../../src/ops/ledger-audit.ts';
import { createTestApp, signIn, type TestApp } from '../helpers.ts';
import { balanceOperation, CREDITS_WITHOUT_FOUR_EYES, signInStaff } from './factories.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signInStaff>>;
beforeAll(async () => {
  t = await createTestApp({ ...CREDITS_WITHOUT_FOUR_EYES });
  admin = await signInStaff(t);
});
afterAll(() => t?.close());

let n = 0;
const newUser = () => signIn(t.app, `bal_user_${++n}`);
const auditRowsFor = (userId: string) =>
  t.ctx.db.select().from(auditLogs).where(eq(auditLogs.entityId, userId));

async function wallet(headers: Record<string, string>, currency = 'BTC') {
  const res = await t.app.inject({ url: '/api/v1/wallet/balances', headers });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { cryptocurrency: string; available: string; locked: string }[]).find(
    (b) => b.cryptocurrency === currency,
  );
}

describe('credit and debit', () => {
  it('a credit shows in the user wallet and the admin view; a debit takes it back', async () => {
    const user = await newUser();
    const credit = await balanceOperation(t, admin.headers, 'credit', user.userId, {
      cryptocurrency: 'ETH',
      amount: '1.5',
    });
    expect(credit.statusCode).toBe(200);
    expect(credit.json().data).toMatchObject({
      balance: { currency: 'ETH', available: '1.50000000', locked: '0.00000000', total: '1.50000000' },
    });
    expect(credit.json().data.ledgerTxId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await wallet(user.headers, 'ETH')).toMatchObject({
      available: '1.50000000',
      locked: '0.00000000',
    });

    const debit = await balanceOperation(t, admin.headers, 'debit', user.userId, {
      cryptocurrency: 'ETH',
      amount: '0.00000001',
    });
    expect(debit.statusCode).toBe(200);
    expect(debit.json().data.balance.available).toBe('1.49999999');
    const view = await t.app.inject({
      url: `/api/v1/admin/users/${user.userId}/balances`,
      headers: admin.headers,
    });
    expect(view.json().data.balances).toEqual({
      ETH: {
        available: '1.49999999',
        locked: '0.00000000',
        total: '1.49999999',
        lastUpdated: t.clock.now().toISOString(),
      },
    });
  });

  it('refuses a debit below zero: balance unchanged, no audit entry', async () => {
    const user = await newUser();
    await balanceOperation(t, admin.headers, 'credit', user.userId, { amount: '0.5' });
    const before = await auditRowsFor(user.userId);
    const res = await balanceOperation(t, admin.headers, 'debit', user.userId, { amount: '0.50000001' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      error: 'Недостаточно средств на балансе',
    });
    expect((await wallet(user.headers))?.available).toBe('0.50000000');
    expect(await auditRowsFor(user.userId)).toHaveLength(before.length);
    // A user who never held the currency cannot be debited either.
    const empty = await balanceOperation(t, admin.headers, 'debit', user.userId, {
      cryptocurrency: 'BNB',
      amount: '1',
    });
    expect(empty.json().code).toBe('INSUFFICIENT_BALANCE');
  });

  it('writes an audit entry with before/after state, IP, user agent, reason and ledger reference', async () => {
    const user = await newUser();
    await balanceOperation(t, admin.headers, 'credit', user.userId, { amount: '2' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${user.userId}/balance/debit`,
      // The client's own address (X-Forwarded-For is ignored unless TRUST_PROXY names a proxy).
      remoteAddress: '203.0.113.7',
      headers: { ...admin.headers, 'user-agent': 'BackOffice/1.0 (test)' },
      payload: { cryptocurrency: 'BTC', amount: '0.25', reason: 'Возврат ошибочного начисления' },
    });
    expect(res.statusCode).toBe(200);
    const rows = await auditRowsFor(user.userId);
    const row = rows.find((r) => r.action === 'balance.debit');
    expect(row).toMatchObject({
      staffId: admin.staff.id,
      action: 'balance.debit',
      entityType: 'user',
      entityId: user.userId,
      ipAddress: '203.0.113.7',
      userAgent: 'BackOffice/1.0 (test)',
      note: 'Возврат ошибочного начисления',
      beforeState: { available: '2.00000000', locked: '0.00000000' },
      afterState: { available: '1.75000000', locked: '0.00000000' },
      metadata: { currency: 'BTC', amount: '0.25000000', ledgerTxId: res.json().data.ledgerTxId },
    });
    expect(rows.find((r) => r.action === 'balance.credit')).toMatchObject({
      beforeState: { available: '0.00000000', locked: '0.00000000' },
      afterState: { available: '2.00000000', locked: '0.00000000' },
    });
  });

  it('honours an Idempotency-Key: a retry answers the first result and moves money once', async () => {
    const user = await newUser();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/users/${user.userId}/balance/credit`,
        headers: { ...admin.headers, 'idempotency-key': `credit-${user.userId}` },
        payload: { cryptocurrency: 'USDT', amount: '100', reason: 'Пополнение по заявке' },
      });
    const first = await send();
    const second = await send();
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toEqual(first.json().data);
    expect((await wallet(user.headers, 'USDT'))?.available).toBe('100.00000000');
    expect(await auditRowsFor(user.userId)).toHaveLength(1);
  });
});

describe('validation', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['amount as a JSON number', { amount: 1 }, 'Введите корректную сумму'],
    ['more than 8 decimals', { amount: '0.123456789' }, 'Не более 8 знаков после запятой'],
    ['a negative amount', { amount: '-1' }, 'Введите корректную сумму'],
    ['zero', { amount: '0.00000000' }, 'Введите корректную сумму'],
    ['an exponent', { amount: '1e3' }, 'Введите корректную сумму'],
    ['an unknown currency', { amount: '1', cryptocurrency: 'LTC' }, 'Выберите пользователя и криптовалюту'],
    ['a short reason', { amount: '1', reason: ' abc ' }, 'Причина должна быть минимум 5 символов'],
    ['no reason', { amount: '1', reason: undefined }, 'Причина должна быть минимум 5 символов'],
  ];
  for (const [what, payload, message] of cases) {
    it(`refuses ${what} (400) and changes nothing`, async () => {
      const user = await newUser();
      const res = await balanceOperation(t, admin.headers, 'credit', user.userId, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: message });
      expect((await wallet(user.headers))?.available).toBe('0.00000000');
      expect(await auditRowsFor(user.userId)).toHaveLength(0);
    });
  }

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await balanceOperation(t, admin.headers, 'credit', unknown, { amount: '1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', error: 'Пользователь не найден' });
    expect(await auditRowsFor(unknown)).toHaveLength(0);
    const balances = await t.app.inject({
      url: `/api/v1/admin/users/${unknown}/balances`,
      headers: admin.headers,
    });
    expect(balances.statusCode).toBe(404);
    const bad = await balanceOperation(t, admin.headers, 'credit', 'not-a-uuid', { amount: '1' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('concurrent debits', () => {
  it('of the last coin: exactly one succeeds, the balance ends at zero (10 rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const user = await newUser();
      const credited = await balanceOperation(t, admin.headers, 'credit', user.userId, { amount: '1' });
      expect(credited.statusCode).toBe(200);
      const results = await Promise.all([
        balanceOperation(t, admin.headers, 'debit', user.userId, { amount: '1' }),
        balanceOperation(t, admin.headers, 'debit', user.userId, { amount: '1' }),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes, `round ${round}`).toEqual([200, 400]);
      expect(results.find((r) => r.statusCode === 400)?.json().code).toBe('INSUFFICIENT_BALANCE');
      expect((await wallet(user.headers))?.available).toBe('0.00000000');
      const actions = (await auditRowsFor(user.userId)).map((r) => r.action).sort();
      expect(actions).toEqual(['balance.credit', 'balance.debit']);
    }
  });
});

it('leaves the books sound: the ledger audit finds nothing', async () => {
  expect(await auditLedger(t.ctx.db)).toEqual([]);
});
