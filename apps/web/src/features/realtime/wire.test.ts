// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { getToasts, toast } from '@/components/ui/toast';
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
    expect(messages()).toEqual(['Новая сделка · Вера: 0,00243902\u00a0BTC за 15\u00a0000,00\u00a0₽']);
    unwire();
  });
});
