import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.ts';
import { auditLedger } from '../../src/ops/ledger-audit.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { balanceOperation, CREDITS_WITHOUT_FOUR_EYES, signInStaff } from './factories.ts';
import { settledTrade } from './trade-factory.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signInStaff>>;
let other: Awaited<ReturnType<typeof signInStaff>>;
const people: Record<string, string> = {};

async function addUser(key: string, values: Partial<typeof users.$inferInsert> = {}) {
  t.clock.advance(1_000); // distinct creation times: the list is newest first
  const [row] = await t.ctx.db
    .insert(users)
    .values({ firstName: key, createdAt: t.clock.now(), updatedAt: t.clock.now(), ...values })
    .returning();
  people[key] = row!.id;
  return row!;
}

beforeAll(async () => {
  t = await createTestApp({ ...CREDITS_WITHOUT_FOUR_EYES });
  admin = await signInStaff(t, { firstName: 'Анна', lastName: 'Главная', email: 'anna@example.com' });
  other = await signInStaff(t, { role: 'admin', email: 'second@example.com' });
  await addUser('Ivan', { lastName: 'Petrov', username: 'ivan_p', telegramId: 700100n, verified: true });
  await addUser('Maria', { username: 'maria100', displayName: 'Маша_trader' });
  await addUser('Oleg', { username: 'oleg' });
  for (let i = 0; i < 22; i++) await addUser(`Filler${i}`);
  const credit = await balanceOperation(t, admin.headers, 'credit', people.Ivan!, {
    amount: '1',
    reason: 'Начальный баланс',
  });
  expect(credit.statusCode, credit.body).toBe(200);
  await settledTrade(t, people.Ivan!, people.Maria!, 'COMPLETED');
  await settledTrade(t, people.Ivan!, people.Oleg!, 'CANCELLED');
});
afterAll(() => t?.close());

const list = (query: string, headers = admin.headers) =>
  t.app.inject({ url: `/api/v1/admin/users${query}`, headers });

describe('GET /admin/users', () => {
  it('pages newest first, 20 by default', async () => {
    const first = await list('');
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(data.users).toHaveLength(20);
    expect(data.pagination).toEqual({
      page: 1,
      limit: 20,
      total: 25,
      totalPages: 2,
      hasPrev: false,
      hasNext: true,
    });
    expect(data.users[0].firstName).toBe('Filler21');
    const second = (await list('?page=2')).json().data;
    expect(second.users.map((u: { firstName: string }) => u.firstName)).toEqual([
      'Filler1',
      'Filler0',
      'Oleg',
      'Maria',
      'Ivan',
    ]);
    expect(second.pagination).toMatchObject({ page: 2, hasPrev: true, hasNext: false });
  });

  it('shows the admin-visible fields with completed trades as buyer or seller', async () => {
    const found = (await list('?search=ivan_p')).json().data.users;
    expect(found).toEqual([
      {
        id: people.Ivan,
        firstName: 'Ivan',
        lastName: 'Petrov',
        username: 'ivan_p',
        displayName: null,
        telegramId: '700100',
        verified: true,
        tradesCount: 1, // the cancelled trade does not count
        createdAt: expect.any(String),
        blockedAt: null,
        blockReason: null,
        balances: [{ currency: 'BTC', available: '0.90000000', locked: '0.00000000', total: '0.90000000' }],
      },
    ]);
    const count = async (q: string) => (await list(`?search=${q}`)).json().data.users[0].tradesCount;
    expect(await count('maria100')).toBe(1);
    expect(await count('oleg')).toBe(0);
  });

  it('searches by name, username (with @), display name, Telegram id and user id', async () => {
    const names = async (query: string) =>
      (await list(query)).json().data.users.map((u: { firstName: string }) => u.firstName);
    expect(await names('?search=petr')).toEqual(['Ivan']);
    expect(await names('?search=%40maria')).toEqual(['Maria']);
    expect(await names(`?search=${encodeURIComponent('маша')}`)).toEqual(['Maria']);
    expect(await names('?search=700100')).toEqual(['Ivan']);
    expect(await names(`?search=${people.Oleg}`)).toEqual(['Oleg']);
    expect(await names(`?userId=${people.Maria}`)).toEqual(['Maria']);
    expect(await names('?search=%25')).toEqual([]); // a LIKE wildcard is searched literally
    const filler = (await list('?search=filler&limit=5&page=2')).json().data;
    expect(filler.pagination).toEqual({
      page: 2,
      limit: 5,
      total: 22,
      totalPages: 5,
      hasPrev: true,
      hasNext: true,
    });
  });

  it('refuses a bad page or limit', async () => {
    expect((await list('?page=0')).statusCode).toBe(400);
    expect((await list('?limit=1000')).statusCode).toBe(400);
  });
});

describe('GET /admin/users/{id}/balances', () => {
  it('maps each currency the user holds to decimal strings; an empty map otherwise', async () => {
    const ivan = await t.app.inject({
      url: `/api/v1/admin/users/${people.Ivan}/balances`,
      headers: admin.headers,
    });
    expect(ivan.json().data.balances).toEqual({
      BTC: {
        available: '0.90000000',
        locked: '0.00000000',
        total: '0.90000000',
        lastUpdated: expect.any(String),
      },
    });
    const oleg = await t.app.inject({
      url: `/api/v1/admin/users/${people.Oleg}/balances`,
      headers: other.headers,
    });
    expect(oleg.json().data.balances).toEqual({});
  });
});

describe('GET /admin/audit-logs', () => {
  beforeAll(async () => {
    await balanceOperation(t, other.headers, 'credit', people.Oleg!, {
      amount: '3',
      reason: 'Бонус второго админа',
    });
    await balanceOperation(t, other.headers, 'debit', people.Oleg!, {
      amount: '1',
      reason: 'Списание ошибки',
    });
    await balanceOperation(t, admin.headers, 'credit', people.Maria!, {
      amount: '0.5',
      reason: 'Компенсация',
    });
  });
  const logs = async (query = '') => {
    const res = await t.app.inject({ url: `/api/v1/admin/audit-logs${query}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  it('lists entries newest first with the acting admin', async () => {
    const data = await logs();
    expect(data.pagination).toEqual({
      page: 1,
      limit: 50,
      total: 4,
      totalPages: 1,
      hasPrev: false,
      hasNext: false,
    });
    expect(data.logs.map((l: { note: string }) => l.note)).toEqual([
      'Компенсация',
      'Списание ошибки',
      'Бонус второго админа',
      'Начальный баланс',
    ]);
    expect(data.logs[0]).toMatchObject({
      id: expect.any(String),
      createdAt: expect.any(String),
      admin: { firstName: 'Анна', lastName: 'Главная', email: 'anna@example.com' },
      action: 'balance.credit',
      entityType: 'user',
      entityId: people.Maria,
      ipAddress: '127.0.0.1',
      userAgent: 'lightMyRequest',
      beforeState: { available: '0.10000000', locked: '0.00000000' },
      afterState: { available: '0.60000000', locked: '0.00000000' },
      metadata: { currency: 'BTC', amount: '0.50000000', ledgerTxId: expect.any(String) },
    });
  });

  it('filters by admin, action and entity type, and pages', async () => {
    const byModerator = await logs(`?adminId=${other.staff.id}`);
    expect(byModerator.logs).toHaveLength(2);
    expect(
      byModerator.logs.every((l: { admin: { email: string } }) => l.admin.email === 'second@example.com'),
    ).toBe(true);
    const debits = await logs('?action=balance.debit');
    expect(debits.logs.map((l: { note: string }) => l.note)).toEqual(['Списание ошибки']);
    expect((await logs('?entityType=order')).logs).toEqual([]);
    const paged = await logs('?limit=3&page=2');
    expect(paged.logs.map((l: { note: string }) => l.note)).toEqual(['Начальный баланс']);
    expect(paged.pagination).toMatchObject({ total: 4, totalPages: 2, hasPrev: true, hasNext: false });
  });

  it('filters by date range: a bare `to` date includes that whole day', async () => {
    const today = t.clock.now().toISOString().slice(0, 10);
    expect((await logs(`?from=${today}&to=${today}`)).pagination.total).toBe(4);
    const tomorrow = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    expect((await logs(`?from=${tomorrow}`)).logs).toEqual([]);
    expect((await logs(`?to=${today}T00:00:00.000Z`)).logs).toEqual([]);
    const res = await t.app.inject({ url: '/api/v1/admin/audit-logs?from=вчера', headers: admin.headers });
    expect(res.statusCode).toBe(400);
  });

  it('lets only admins move balances: a moderator is refused and nothing is written', async () => {
    const moderator = await signInStaff(t, { role: 'moderator' });
    const res = await balanceOperation(t, moderator.headers, 'credit', people.Oleg!, {
      amount: '1',
      reason: 'Попытка модератора',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Действие доступно только администратору');
    expect((await logs()).pagination.total).toBe(4);
    // Reading stays open to moderators.
    const read = await t.app.inject({ url: '/api/v1/admin/audit-logs', headers: moderator.headers });
    expect(read.statusCode).toBe(200);
  });
});

it('leaves the books sound: the ledger audit finds nothing', async () => {
  expect(await auditLedger(t.ctx.db)).toEqual([]);
});
