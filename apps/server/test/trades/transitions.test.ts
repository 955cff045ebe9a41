import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance, createUser, expectLedgerSound } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { type Api, api, DISPUTE, type Reachable, type Role, sellTradeIn } from './support.ts';

// Every user action over HTTP, from every status a trade can be in, as buyer and as seller.
// The expected table is the state machine of docs/product/trading-rules.md, written out again here as data.

let t: TestApp;
let http: Api;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const STATUSES: Reachable[] = [
  'ESCROW_LOCKED',
  'PAYMENT_PENDING',
  'PAYMENT_CONFIRMED',
  'DISPUTED',
  'COMPLETED',
  'CANCELLED',
];
const ACTIONS = [
  'mark_paid',
  'confirm_payment',
  'release_crypto',
  'release_funds',
  'cancel_trade',
  'dispute_trade',
];
const ROLES: Role[] = ['buyer', 'seller'];

const ALLOWED: Record<Reachable, Record<string, Reachable>> = {
  ESCROW_LOCKED: {
    'buyer mark_paid': 'PAYMENT_PENDING',
    'buyer cancel_trade': 'CANCELLED',
    'seller cancel_trade': 'CANCELLED',
  },
  PAYMENT_PENDING: {
    'seller confirm_payment': 'PAYMENT_CONFIRMED',
    'buyer cancel_trade': 'CANCELLED',
    'buyer dispute_trade': 'DISPUTED',
    'seller dispute_trade': 'DISPUTED',
  },
  PAYMENT_CONFIRMED: {
    'seller release_crypto': 'COMPLETED',
    'seller release_funds': 'COMPLETED',
    'buyer dispute_trade': 'DISPUTED',
    'seller dispute_trade': 'DISPUTED',
  },
  DISPUTED: {},
  COMPLETED: {},
  CANCELLED: {},
};

const BUTTONS: Record<Reachable, Record<Role, string[]>> = {
  ESCROW_LOCKED: { buyer: ['cancel_trade', 'mark_paid'], seller: ['cancel_trade'] },
  PAYMENT_PENDING: { buyer: ['cancel_trade', 'dispute_trade'], seller: ['confirm_payment', 'dispute_trade'] },
  PAYMENT_CONFIRMED: { buyer: ['dispute_trade'], seller: ['dispute_trade', 'release_crypto'] },
  DISPUTED: { buyer: [], seller: [] },
  COMPLETED: { buyer: [], seller: [] },
  CANCELLED: { buyer: [], seller: [] },
};

type Trade = Awaited<ReturnType<typeof sellTradeIn>>;
const payloadFor = (action: string) => (action === 'dispute_trade' ? DISPUTE : {});
const userOf = (trade: Trade, role: Role) => (role === 'buyer' ? trade.buyerId : trade.sellerId);

/** Everything an action could change: status, history, both wallets, the order's remainder. */
async function snapshot(trade: Trade) {
  const d = await http.trade(trade.tradeId, trade.buyerId);
  const order = await http.get(`/orders/${trade.orderId}`, null);
  return {
    status: d.trade.status,
    actions: d.trade.actions.length,
    escrow: d.escrow.status,
    buyer: await balance(t.ctx, trade.buyerId),
    seller: await balance(t.ctx, trade.sellerId),
    orderAvailable: order.json().data.available_amount as string,
  };
}

describe.each(STATUSES)('a trade in %s', (status) => {
  let trade: Trade;
  beforeAll(async () => {
    trade = await sellTradeIn(t, status);
  });

  it('is in that status and offers each party exactly its buttons', async () => {
    for (const role of ROLES) {
      const d = await http.trade(trade.tradeId, userOf(trade, role));
      expect(d.trade.status).toBe(status);
      expect(d.trade.userRole).toBe(role);
      expect([...d.availableActions].sort()).toEqual(BUTTONS[status][role]);
    }
  });

  const refused = ROLES.flatMap((role) =>
    ACTIONS.filter((action) => !ALLOWED[status][`${role} ${action}`]).map((action) => ({ role, action })),
  );
  it.each(refused)('refuses $action by the $role with 409 and changes nothing', async ({ role, action }) => {
    const before = await snapshot(trade);
    const res = await http.act(trade.tradeId, userOf(trade, role), action, payloadFor(action));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      error: 'Действие недоступно',
      code: 'ACTION_NOT_AVAILABLE',
    });
    expect(await snapshot(trade)).toEqual(before);
  });

  it('is invisible to anyone who is not a party (404 for the trade and for every action)', async () => {
    const stranger = await createUser(t.ctx);
    const before = await snapshot(trade);
    const view = await http.get(`/trades/${trade.tradeId}`, stranger.id);
    expect(view.statusCode).toBe(404);
    expect(view.json().code).toBe('NOT_FOUND');
    for (const action of ACTIONS) {
      const res = await http.act(trade.tradeId, stranger.id, action, payloadFor(action));
      expect(res.statusCode, `${action}: ${res.body}`).toBe(404);
    }
    expect(await snapshot(trade)).toEqual(before);
  });
});

const allowed = STATUSES.flatMap((from) =>
  Object.entries(ALLOWED[from]).map(([key, to]) => {
    const [role, action] = key.split(' ') as [Role, string];
    return { from, role, action, to };
  }),
);

describe('every allowed transition', () => {
  it('is exactly the ten of the state machine (plus the release_funds alias)', () => {
    expect(allowed).toHaveLength(11);
  });

  it.each(allowed)('$from: $action by the $role -> $to', async ({ from, role, action, to }) => {
    const trade = await sellTradeIn(t, from);
    const before = await snapshot(trade);
    const res = await http.act(trade.tradeId, userOf(trade, role), action, payloadFor(action));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.trade.status).toBe(to);
    expect([...data.availableActions].sort()).toEqual(BUTTONS[to][role]);

    // The history gained exactly one line, by this party, describing this step.
    const last = data.trade.actions.at(-1);
    expect(data.trade.actions).toHaveLength(before.actions + 1);
    expect(last).toMatchObject({
      actor: role,
      actorId: userOf(trade, role),
      action: action === 'release_funds' ? 'release_crypto' : action,
      fromStatus: from,
      toStatus: to,
    });
    expect(last.description.length).toBeGreaterThan(3);

    const after = await snapshot(trade);
    expect(after.status).toBe(to);
    if (to === 'COMPLETED') {
      // 0.01 BTC minus the 0.1% fee to the buyer; the seller's escrow is gone.
      expect(after.buyer).toEqual({ available: before.buyer.available + 999_000n, locked: 0n });
      expect(after.seller).toEqual({
        available: before.seller.available,
        locked: before.seller.locked - 1_000_000n,
      });
      expect(after.escrow).toBe('released');
      expect(data.trade.completedAt).toBe(t.clock.now().toISOString());
    } else if (to === 'CANCELLED') {
      // Back into the live order's reserve: the seller's locked does not move, the order offers it again.
      expect(after.seller).toEqual(before.seller);
      expect(after.buyer).toEqual(before.buyer);
      expect(after.orderAvailable).toBe('0.10000000');
      expect(after.escrow).toBe('refunded');
    } else {
      expect(after.buyer).toEqual(before.buyer);
      expect(after.seller).toEqual(before.seller);
      expect(after.orderAvailable).toBe(before.orderAvailable);
      expect(after.escrow).toBe('locked');
    }
  });

  it('sets the confirmation deadline on mark_paid and the auto-release time on confirm_payment', async () => {
    const trade = await sellTradeIn(t, 'ESCROW_LOCKED');
    const now = t.clock.now().getTime();
    const paid = (await http.act(trade.tradeId, trade.buyerId, 'mark_paid')).json().data.trade;
    expect(paid.confirmationDeadline).toBe(new Date(now + 15 * 60_000).toISOString());
    expect(paid.autoReleaseAt).toBeNull();
    const confirmed = (await http.act(trade.tradeId, trade.sellerId, 'confirm_payment')).json().data.trade;
    expect(confirmed.autoReleaseAt).toBe(new Date(now + 15 * 60_000).toISOString());
    expect(confirmed.timers.autoReleaseAt).toBe(confirmed.autoReleaseAt);
  });
});

describe('requests the machine does not know', () => {
  let trade: Trade;
  beforeAll(async () => {
    trade = await sellTradeIn(t, 'PAYMENT_CONFIRMED');
  });

  it.each([
    'fly',
    'MARK_PAID',
    'constructor',
    'toString',
    'expire',
    'auto_release',
    'resolve_release',
    'resolve_refund',
  ])('answers 400 to the unknown or system-only action %j and changes nothing', async (action) => {
    const before = await snapshot(trade);
    const res = await http.act(trade.tradeId, trade.sellerId, action);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(await snapshot(trade)).toEqual(before);
  });

  it('answers 400 to a request without an action', async () => {
    const res = await http.post(`/trades/${trade.tradeId}/actions`, trade.sellerId, { payload: {} });
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 for a trade that does not exist and 400 for a malformed id', async () => {
    const missing = await http.act('00000000-0000-4000-8000-000000000000', trade.buyerId, 'mark_paid');
    expect(missing.statusCode).toBe(404);
    const malformed = await http.act('not-a-uuid', trade.buyerId, 'mark_paid');
    expect(malformed.statusCode).toBe(400);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/trades/${trade.tradeId}/actions`,
      payload: { action: 'release_crypto' },
    });
    expect(res.statusCode).toBe(401);
    expect((await snapshot(trade)).status).toBe('PAYMENT_CONFIRMED');
  });
});

describe('the seller after the buyer has paid', () => {
  it('cannot cancel; the buyer still can, and the escrow goes back once', async () => {
    const trade = await sellTradeIn(t, 'PAYMENT_PENDING');
    const refused = await http.act(trade.tradeId, trade.sellerId, 'cancel_trade');
    expect(refused.statusCode).toBe(409);
    expect((await http.trade(trade.tradeId, trade.sellerId)).availableActions).not.toContain('cancel_trade');
    const cancelled = await http.act(trade.tradeId, trade.buyerId, 'cancel_trade');
    expect(cancelled.json().data.trade.status).toBe('CANCELLED');
    const again = await http.act(trade.tradeId, trade.buyerId, 'cancel_trade');
    expect(again.statusCode).toBe(409);
  });
});

describe('trade history', () => {
  it('records every step with its actor, description and time, and marks the steps done', async () => {
    const trade = await sellTradeIn(t, 'ESCROW_LOCKED');
    await http.act(trade.tradeId, trade.buyerId, 'mark_paid');
    await http.act(trade.tradeId, trade.sellerId, 'confirm_payment');
    const done = (await http.act(trade.tradeId, trade.sellerId, 'release_crypto')).json().data.trade;
    expect(
      done.actions.map((a: { actor: string; action: string; fromStatus: string; toStatus: string }) => [
        a.actor,
        a.action,
        a.fromStatus,
        a.toStatus,
      ]),
    ).toEqual([
      ['buyer', 'create', 'CREATED', 'ESCROW_LOCKED'],
      ['buyer', 'mark_paid', 'ESCROW_LOCKED', 'PAYMENT_PENDING'],
      ['seller', 'confirm_payment', 'PAYMENT_PENDING', 'PAYMENT_CONFIRMED'],
      ['seller', 'release_crypto', 'PAYMENT_CONFIRMED', 'COMPLETED'],
    ]);
    for (const a of done.actions) {
      expect(a.description).toMatch(/\p{L}{3}/u);
      expect(Number.isNaN(Date.parse(a.timestamp))).toBe(false);
    }
    expect(new Set(done.actions.map((a: { description: string }) => a.description)).size).toBe(4);
    expect(done.currentStep).toBe(5);
    expect(done.steps.map((s: { status: string }) => s.status)).toEqual([
      'completed',
      'completed',
      'completed',
      'completed',
      'completed',
    ]);
    // The API's phases keep their Russian texts, now from the catalogue (trade.phase.*).
    expect(
      done.steps.map((s: { id: number; name: string; title: string; description: string }) => [
        s.id,
        s.name,
        s.title,
        s.description,
      ]),
    ).toEqual([
      [1, 'initiation', 'Сделка создана', 'Криптовалюта продавца заблокирована в эскроу'],
      [2, 'payment', 'Оплата', 'Покупатель переводит деньги продавцу'],
      [3, 'confirmation', 'Подтверждение', 'Продавец подтверждает получение оплаты'],
      [4, 'release', 'Выпуск', 'Продавец отправляет криптовалюту покупателю'],
      [5, 'completion', 'Завершение', 'Сделка завершена'],
    ]);
    expect(done.steps.map((s: { startedAt: string | null }) => s.startedAt)).toEqual([
      done.createdAt,
      done.createdAt,
      done.paidAt,
      done.confirmedAt,
      done.completedAt,
    ]);
  });

  it.each([
    ['ESCROW_LOCKED', 1, ['completed', 'active', 'pending', 'pending', 'pending']],
    ['PAYMENT_PENDING', 2, ['completed', 'completed', 'active', 'pending', 'pending']],
    ['PAYMENT_CONFIRMED', 3, ['completed', 'completed', 'completed', 'active', 'pending']],
    ['DISPUTED', 0, ['completed', 'completed', 'pending', 'pending', 'pending']],
    ['CANCELLED', 0, ['completed', 'pending', 'pending', 'pending', 'pending']],
  ] as const)('marks the step in progress of a trade in %s', async (status, current, expected) => {
    const trade = await sellTradeIn(t, status);
    const d = await http.trade(trade.tradeId, trade.buyerId);
    expect(d.trade.currentStep).toBe(current);
    expect(d.trade.steps.map((s) => s.status)).toEqual(expected);
  });
});
