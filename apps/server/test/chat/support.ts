import type { RealtimeEvent } from '../../src/events/notifier.ts';
import { createOrder, createUser, fund } from '../factories.ts';
import type { TestApp } from '../helpers.ts';
import { payloadOf } from '../trades/support.ts';

type Method = 'GET' | 'POST' | 'PATCH';

/** HTTP calls as a given user (tokens straight from the session service). */
export function chatApi(t: TestApp) {
  // Access tokens live 15 minutes of the manual clock: reissue once it has moved on.
  const tokens = new Map<string, { at: number; token: string }>();
  async function headers(userId: string | null, extra: Record<string, string> = {}) {
    if (!userId) return extra;
    const now = t.clock.now().getTime();
    let hit = tokens.get(userId);
    if (!hit || now < hit.at || now - hit.at > 5 * 60_000) {
      hit = { at: now, token: (await t.ctx.sessions.start('user', userId)).accessToken };
      tokens.set(userId, hit);
    }
    return { authorization: `Bearer ${hit.token}`, ...extra };
  }
  async function call(method: Method, url: string, userId: string | null, payload?: unknown, extra = {}) {
    const res = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: await headers(userId, extra),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.json(), raw: res };
  }
  return {
    call,
    send: (userId: string, tradeId: string, content: unknown, extra: Record<string, string> = {}) =>
      call('POST', `/trades/${tradeId}/messages`, userId, { content }, extra),
    list: (userId: string, tradeId: string, query = '') =>
      call('GET', `/trades/${tradeId}/messages${query}`, userId),
    unread: async (userId: string, tradeId: string) => {
      const res = await call('GET', `/trades/${tradeId}/messages/unread-count`, userId);
      return res.body.data.unreadCount as number;
    },
    read: (userId: string, messageId: string) => call('PATCH', `/messages/${messageId}/read`, userId),
    readAll: (userId: string, tradeId: string) =>
      call('PATCH', `/trades/${tradeId}/messages/read-all`, userId),
    /** A confirmation carries a fresh code of the seller's (docs/decisions/023). */
    act: async (userId: string, tradeId: string, action: string, payload = {}) =>
      call('POST', `/trades/${tradeId}/actions`, userId, {
        action,
        payload: { ...(await payloadOf(t.ctx, action, userId)), ...payload },
      }),
  };
}

/** A seller's sell order, a buyer's open trade on it, and a stranger. */
export async function tradeScene(t: TestApp) {
  const seller = await createUser(t.ctx, { firstName: 'Продавец' });
  const buyer = await createUser(t.ctx, { firstName: 'Покупатель' });
  const stranger = await createUser(t.ctx);
  await fund(t.ctx, seller.id, 'BTC', '1');
  const { id: orderId } = await createOrder(t.ctx, seller.id, { amount_crypto: '1' });
  const api = chatApi(t);
  const opened = await api.call('POST', '/trades', buyer.id, {
    orderId,
    amountFiat: '50000',
    paymentMethod: 'sberbank',
  });
  if (opened.status !== 200) throw new Error(`open failed: ${JSON.stringify(opened.body)}`);
  return { seller, buyer, stranger, orderId, tradeId: opened.body.tradeId as string, api };
}

/** Records what the notifier publishes (what the socket layer would deliver). The inbox's own
 * `notification:new` follows these events and is checked by the notification tests.
 */
export function recordEvents(t: TestApp) {
  const events: RealtimeEvent[] = [];
  const stop = t.ctx.notifier.subscribe((e) => {
    if (e.event !== 'notification:new') events.push(e);
  });
  return { events, stop };
}
