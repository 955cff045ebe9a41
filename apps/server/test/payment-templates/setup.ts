import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../src/db/client.ts';
import type { RealtimeEvent } from '../../src/events/notifier.ts';
import { balance, createOrder, fund, openTrade } from '../factories.ts';
import { servicesOf, type signIn, signInEnrolled, type TestApp } from '../helpers.ts';
import { payloadOf } from '../trades/support.ts';

/** A Luhn-valid card number ending in 1234. */
export const CARD = '2200 7000 0005 1234';
export const CARD_DIGITS = '2200700000051234';

export const bankCard = (overrides: Record<string, unknown> = {}) => ({
  name: 'Сбер основная',
  type: 'BANK_CARD',
  isDefault: false,
  isActive: true,
  details: { bankName: 'Сбербанк', cardNumber: CARD, holderName: 'ivan petrov' },
  ...overrides,
});

let seq = 0;
const name = (p: string) => `${p}${Date.now().toString(36)}${(seq++).toString(36)}`;

export type Session = Awaited<ReturnType<typeof signIn>>;

/** A signed-in seller with a sell order, a signed-in buyer and an open (ESCROW_LOCKED) trade. */
export async function tradeScenario(t: TestApp) {
  const seller = await signInEnrolled(t, name('sel'));
  const buyer = await signInEnrolled(t, name('buy'));
  const stranger = await signInEnrolled(t, name('str'));
  await fund(t.ctx, seller.userId, 'BTC', '1');
  const { id: orderId } = await createOrder(t.ctx, seller.userId, { amount_crypto: '1' });
  const tradeId = await openTrade(t.ctx, buyer.userId, orderId, '5000');
  const act = async (userId: string, action: string) =>
    servicesOf(t.ctx).trades.act(userId, tradeId, action, await payloadOf(t.ctx, action, userId));
  return { seller, buyer, stranger, orderId, tradeId, act };
}

export async function createTemplate(
  app: FastifyInstance,
  who: Session,
  body: Record<string, unknown> = bankCard(),
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/payment-templates',
    headers: who.headers,
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`template create failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: string } & Record<string, unknown>;
}

/** Balances of these users plus the size of the journal: nothing here may change them. */
export async function moneySnapshot(t: TestApp, userIds: string[]) {
  const balances = await Promise.all(userIds.map((id) => balance(t.ctx, id)));
  const [row] = await queryRows<{ n: number }>(t.ctx.db, sql`SELECT count(*)::int AS n FROM ledger_entries`);
  return { balances, journalEntries: Number(row?.n) };
}

/** Records realtime events published from now on. The inbox's own
 * `notification:new` follows these events and is checked by the notification tests.
 */
export function recordEvents(t: TestApp) {
  const events: RealtimeEvent[] = [];
  const stop = t.ctx.notifier.subscribe((e) => {
    if (e.event !== 'notification:new') events.push(e);
  });
  return { events, stop };
}
