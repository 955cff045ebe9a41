import { type CreateOrderRequest, type Cryptocurrency, parseAmount } from '@p2p/shared';
import type { Needs } from '../../context.ts';
import * as ledger from '../ledger/index.ts';
import type { OrdersService } from '../orders/index.ts';
import { DEMO_TOTP_SECRET, type TwoFactorService } from '../two-factor/index.ts';
import { insertUser, listOldestUsers, updateUser } from '../users/index.ts';

/** The demo cast: a few people with Russian names, so a fresh start is not an empty room. */
export const DEMO_USERS = [
  { username: 'alice', firstName: 'Алиса', lastName: 'Смирнова', displayName: 'Алиса' },
  { username: 'boris', firstName: 'Борис', lastName: 'Иванов', displayName: 'Борис_Трейдер' },
  { username: 'vera', firstName: 'Вера', lastName: 'Кузнецова', displayName: null },
  { username: 'grigory', firstName: 'Григорий', lastName: 'Попов', displayName: 'Гриша' },
] as const;

/** Demo wallets, credited through the ledger like any outside money. */
const DEMO_FUNDS: Record<string, [Cryptocurrency, string][]> = {
  alice: [
    ['BTC', '0.5'],
    ['USDT', '5000'],
  ],
  boris: [
    ['ETH', '4'],
    ['USDT', '2500'],
  ],
  vera: [['BTC', '0.2']],
  grigory: [['USDT', '1000']],
};

type DemoOrder = Pick<
  CreateOrderRequest,
  'type' | 'cryptocurrency' | 'amount_crypto' | 'price_per_unit' | 'payment_methods'
> & {
  min_amount?: string;
  description?: string;
};

const DEMO_ORDERS: Record<string, DemoOrder[]> = {
  alice: [
    {
      type: 'sell',
      cryptocurrency: 'BTC',
      amount_crypto: '0.2',
      price_per_unit: '6150000',
      payment_methods: ['sberbank', 'tinkoff'],
      description: 'Перевод по СБП, отвечаю быстро',
    },
    {
      type: 'sell',
      cryptocurrency: 'USDT',
      amount_crypto: '1500',
      price_per_unit: '96.50',
      payment_methods: ['tinkoff'],
    },
  ],
  boris: [
    {
      type: 'sell',
      cryptocurrency: 'ETH',
      amount_crypto: '1.5',
      price_per_unit: '320000',
      payment_methods: ['sberbank', 'vtb', 'alfabank'],
    },
    {
      type: 'buy',
      cryptocurrency: 'BTC',
      amount_crypto: '0.1',
      price_per_unit: '6050000',
      payment_methods: ['sberbank'],
      min_amount: '5000',
    },
  ],
  vera: [
    {
      type: 'sell',
      cryptocurrency: 'BTC',
      amount_crypto: '0.1',
      price_per_unit: '6200000',
      payment_methods: ['sberbank', 'yoomoney'],
    },
  ],
  grigory: [
    {
      type: 'buy',
      cryptocurrency: 'USDT',
      amount_crypto: '800',
      price_per_unit: '95.20',
      payment_methods: ['tinkoff', 'sberbank'],
    },
    {
      type: 'buy',
      cryptocurrency: 'ETH',
      amount_crypto: '0.5',
      price_per_unit: '315000',
      payment_methods: ['cash'],
      description: 'Наличные в Москве',
    },
  ],
};

/** Seeds demo users, wallets and orders into an empty database; does nothing otherwise. */
export async function seedDemoData(
  ctx: Needs<'db' | 'clock'>,
  { twoFactor, orders }: { twoFactor: TwoFactorService; orders: OrdersService },
): Promise<boolean> {
  if ((await listOldestUsers(ctx.db, 1)).length > 0) return false;
  const now = ctx.clock.now();
  const ids = new Map<string, string>();
  await ctx.db.transaction(async (tx) => {
    for (const demo of DEMO_USERS) {
      const user = await insertUser(tx, { ...demo, now });
      ids.set(demo.username, user.id);
      if (demo.displayName) await updateUser(tx, user.id, { displayName: demo.displayName }, now);
      // Every demo user sells, so every one has two-factor on, with the README's demo secret.
      await twoFactor.enrolKnownSecret(tx, user.id, DEMO_TOTP_SECRET);
      for (const [currency, amount] of DEMO_FUNDS[demo.username] ?? []) {
        await ledger.credit(tx, {
          userId: user.id,
          currency,
          amount: parseAmount(amount, 8),
          ref: { reason: 'Demo funds', refType: 'demo' },
          now,
        });
      }
    }
  });
  for (const [username, list] of Object.entries(DEMO_ORDERS)) {
    const userId = ids.get(username);
    if (!userId) continue;
    for (const order of list) {
      await orders.create(userId, {
        fiat_currency: 'RUB',
        price_type: 'fixed',
        time_limit: 30,
        min_amount: '1000',
        ...order,
      });
    }
  }
  return true;
}
