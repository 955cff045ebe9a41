// @vitest-environment happy-dom
import type { ServerEventName } from '@p2p/shared';
import { QueryClient } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts, toast } from '@/components/ui/toast';
import { useSocketEvent } from './hooks';
import { REACTIONS } from './reactions';
import { createDispatcher, type FeatureReactions, type ReactionContext } from './registry';
import { serverEvents } from './server-events';
import type { AppSocket } from './socket';
import { wireSocket } from './wire';

type Handler = (...args: unknown[]) => void;

/** Just enough of a socket.io client to fire its events by hand. */
function fakeSocket() {
  const handlers = new Map<string, Handler[]>();
  const on = (event: string, handler: Handler) => {
    handlers.set(event, [...(handlers.get(event) ?? []), handler]);
  };
  const socket = {
    connected: false,
    active: true,
    on,
    connect() {},
    removeAllListeners() {
      handlers.clear();
    },
    io: { on, removeAllListeners() {} },
  };
  const fire = (event: string, payload?: unknown) => {
    for (const handler of handlers.get(event) ?? []) handler(payload);
  };
  return { socket: socket as unknown as AppSocket, fire };
}

function wire() {
  const fake = fakeSocket();
  const unwire = wireSocket({
    socket: fake.socket,
    queryClient: new QueryClient(),
    userId: 'me',
    lang: () => 'ru',
    openTrade: () => null,
    setStatus: () => {},
  });
  return { ...fake, unwire };
}

const messages = () => getToasts().map((t) => t.message);

afterEach(() => {
  for (const t of getToasts()) toast.dismiss(t.id);
});

describe('realtime toasts', () => {
  it('says nothing about a connection that simply works', () => {
    const { fire, unwire } = wire();
    fire('connect');
    expect(messages()).toEqual([]);
    unwire();
  });

  it('announces a lost connection and its return', () => {
    const { fire, unwire } = wire();
    fire('connect');
    fire('disconnect', 'transport close');
    expect(messages()).toEqual(['Потеряно соединение с сервером']);
    fire('connect');
    expect(messages()).toEqual(['Соединение с сервером восстановлено']);
    unwire();
  });

  it('shows one toast for one new trade, however many events announce it', () => {
    const { fire, unwire } = wire();
    const tradeId = '63741c28-24d1-4c23-abea-be5ea68854f9';
    fire('trade:created', {
      tradeId,
      orderId: tradeId,
      buyerName: 'Вера',
      takerRole: 'buyer',
      cryptocurrency: 'BTC',
      amountCrypto: '0.00243902',
      fiatCurrency: 'RUB',
      amountFiat: '15000.00',
    });
    fire('order:matched', { orderId: tradeId, tradeId });
    expect(messages()).toEqual([
      'Новая сделка от пользователя Вера: 0,00243902\u00a0BTC за 15\u00a0000,00\u00a0₽',
    ]);
    unwire();
  });
});

const tradeId = '63741c28-24d1-4c23-abea-be5ea68854f9';
const attached = { tradeId, templateId: tradeId, message: 'Реквизиты' };

/** Wires a fake socket with the given reactions; `calls` records what each handler received. */
function wireWith(reactions: FeatureReactions[]) {
  const fake = fakeSocket();
  const queryClient = new QueryClient();
  const unwire = wireSocket({
    socket: fake.socket,
    queryClient,
    userId: 'me',
    lang: () => 'ru',
    openTrade: () => null,
    setStatus: () => {},
    reactions,
  });
  return { ...fake, queryClient, unwire };
}

describe('realtime dispatch', () => {
  it("calls a feature's declared handler with the typed payload and the context", () => {
    const seen: unknown[] = [];
    const feature: FeatureReactions = {
      'trade:payment_template_attached': (e, ctx) => {
        // Typed: `templateId` exists on this event's payload, no cast.
        seen.push({ templateId: e.templateId, userId: ctx.userId, lang: ctx.lang() });
      },
    };
    const { fire, unwire } = wireWith([feature]);
    fire('trade:payment_template_attached', attached);
    fire('order:matched', { orderId: tradeId, tradeId });
    expect(seen).toEqual([{ templateId: tradeId, userId: 'me', lang: 'ru' }]);
    unwire();
  });

  it('runs the handlers of one event in the order of the features', () => {
    const order: string[] = [];
    const { fire, unwire } = wireWith([
      { 'order:updated': () => order.push('a') },
      { 'order:updated': () => order.push('b'), 'order:matched': () => order.push('x') },
    ]);
    fire('order:updated', { orderId: tradeId, status: 'paused' });
    expect(order).toEqual(['a', 'b']);
    unwire();
  });

  it('does nothing on an event no feature declared, or one the server does not send', () => {
    const called: string[] = [];
    const dispatcher = createDispatcher([{ 'trade:created': () => called.push('created') }]);
    const ctx = {} as ReactionContext;
    dispatcher.dispatch('order:updated', { orderId: tradeId, status: 'paused' }, ctx);
    dispatcher.dispatch('no:such-event' as ServerEventName, attached as never, ctx);
    expect(called).toEqual([]);
    const { fire, unwire } = wireWith([{ 'trade:created': () => called.push('created') }]);
    fire('no:such-event', attached);
    expect(called).toEqual([]);
    expect(messages()).toEqual([]);
    unwire();
  });

  it('tells the features of every connection, the first one included: what changed before it reached no one', () => {
    let connects = 0;
    const { fire, unwire } = wireWith([{ connected: () => connects++ }]);
    fire('connect');
    expect(connects).toBe(1);
    fire('disconnect', 'transport close');
    fire('connect');
    expect(connects).toBe(2);
    unwire();
  });

  it("refetches what the app's features declared for each event", () => {
    const { fire, queryClient, unwire } = wireWith([...REACTIONS]);
    const spy = vi.spyOn(queryClient, 'invalidateQueries');
    const keys = () => {
      const called = spy.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
      spy.mockClear();
      return called;
    };
    const update = {
      tradeId,
      status: 'PAYMENT_CONFIRMED',
      previousStatus: 'PAYMENT_PENDING',
      action: 'x',
      actor: 'buyer',
    };
    fire('trade:updated', update);
    expect(keys().sort()).toEqual(
      [`["trade","${tradeId}","details"]`, '["trades"]', '["wallet"]', '["dashboard"]'].sort(),
    );
    fire('trade:created', {
      tradeId,
      orderId: tradeId,
      buyerName: 'Вера',
      takerRole: 'buyer',
      cryptocurrency: 'BTC',
      amountCrypto: '0.001',
      fiatCurrency: 'RUB',
      amountFiat: '5000.00',
    });
    expect(keys().sort()).toEqual(['["dashboard"]', '["orders"]', '["trades"]', '["wallet"]']);
    fire('order:updated', { orderId: tradeId, status: 'paused' });
    expect(keys().sort()).toEqual(['["dashboard"]', '["orders"]']);
    fire('trade:message', { tradeId, messageId: tradeId, senderName: 'Вера', message: 'hi' });
    expect(keys()).toEqual(['["trades"]']);
    // The first connection too: it opens after the screens' first fetch.
    const onConnect = [
      '["dashboard"]',
      '["notifications"]',
      '["trade"]',
      '["trades"]',
      '["wallet"]',
      '["withdrawals"]',
    ];
    fire('connect');
    expect(keys().sort()).toEqual(onConnect);
    fire('disconnect', 'transport close');
    fire('connect');
    expect(keys().sort()).toEqual(onConnect);
    unwire();
  });
});

describe('subscriptions to server events', () => {
  it('hands a subscribed screen the typed payload, after the features reacted', () => {
    const order: string[] = [];
    const { fire, unwire } = wireWith([{ 'trade:payment_template_attached': () => order.push('feature') }]);
    const got: string[] = [];
    const { unmount } = renderHook(() =>
      useSocketEvent('trade:payment_template_attached', (e) => {
        order.push('screen');
        got.push(e.tradeId);
      }),
    );
    fire('trade:payment_template_attached', attached);
    expect(order).toEqual(['feature', 'screen']);
    expect(got).toEqual([tradeId]);
    unmount();
    fire('trade:payment_template_attached', attached);
    expect(got).toEqual([tradeId]);
    unwire();
  });

  it('stops when unsubscribed, and hears nothing of a socket that was unwired', () => {
    const got: unknown[] = [];
    const off = serverEvents.on('trade:payment_proof_uploaded', (e) => got.push(e.fileSize));
    const { fire, unwire } = wireWith([]);
    const proof = { tradeId, url: '/r.png', uploadedBy: 'them', uploadedAt: '2026-01-01', fileSize: 7 };
    fire('trade:payment_proof_uploaded', proof);
    unwire();
    fire('trade:payment_proof_uploaded', proof);
    expect(got).toEqual([7]);
    off();
    serverEvents.emit('trade:payment_proof_uploaded', proof);
    expect(got).toEqual([7]);
  });
});
