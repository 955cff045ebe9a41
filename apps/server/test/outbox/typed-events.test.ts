import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Notifier, PendingEvents, type RealtimeEvent } from '../../src/events/notifier.ts';

/**
 * Events are one typed map, name → payload schema (packages/shared/src/socket-events.ts): a
 * publisher cannot pair a name with another payload, and a listener that switches on the name
 * reads the payload with its type. The `@ts-expect-error` lines fail `npm run typecheck` the day
 * a wrong payload compiles.
 */
describe('the typed event map', () => {
  it('refuses a wrong payload at compile time, and a listener narrows by the name', () => {
    const notifier = new Notifier();
    const heard: string[] = [];
    notifier.subscribe((e: RealtimeEvent) => {
      switch (e.event) {
        case 'order:updated':
          heard.push(`${e.event} ${e.payload.orderId} ${e.payload.status}`);
          return;
        case 'market:repriced':
          heard.push(`${e.event} ${e.payload.updatedAt}`);
          return;
        default:
          heard.push(e.event);
      }
    });
    const orderId = randomUUID();
    const events = new PendingEvents();
    // Never run: each line is a compile-time refusal.
    const wrong = () => {
      // @ts-expect-error an order's status is one of the map's
      notifier.toUsers(['u1'], 'order:updated', { orderId, status: 'gone' });
      // @ts-expect-error another event's payload
      notifier.toTrade('t1', 'message:read', { orderId, status: 'paused' });
      // @ts-expect-error a name the map does not have
      notifier.toUsers(['u1'], 'order:exploded', { orderId });
      // @ts-expect-error a payload missing its field
      events.toMarket('market:repriced', {});
      // @ts-expect-error a name with another name's payload, published whole
      notifier.publish({ room: 'market', event: 'market:repriced', payload: { orderId, status: 'paused' } });
    };
    expect(wrong).toBeTypeOf('function');

    notifier.toUsers(['u1'], 'order:updated', { orderId, status: 'paused' });
    events.toMarket('market:repriced', { updatedAt: '2026-01-01T00:00:00.000Z' });
    events.toTrade('t1', 'message:read', { tradeId: 't1', messageId: 'm1', readAt: 'now', readerId: 'u1' });
    events.publishTo(notifier);

    expect(heard).toEqual([
      `order:updated ${orderId} paused`,
      'market:repriced 2026-01-01T00:00:00.000Z',
      'message:read',
    ]);
  });
});
