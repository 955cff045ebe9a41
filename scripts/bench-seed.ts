import pg from 'pg';

/**
 * Bulk seeding of the order book for `npm run bench`, in set-based SQL (the services would
 * take minutes for 10,000 orders). The books stay sound: every sell order's reserve is
 * credited from `external` and locked through real ledger postings, exactly the entries the
 * services would write; buy orders lock nothing. bench.ts runs the ledger audit afterwards.
 */
export async function seedBook(
  url: string,
  opts: { owners: number; sellPerOwner: number; buyPerOwner: number; prefix?: string },
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `CREATE TEMP TABLE seed_users ON COMMIT DROP AS
       SELECT gen_random_uuid() AS id, $2 || g AS username FROM generate_series(1, $1) g`,
      [opts.owners, opts.prefix ?? 'book'],
    );
    await client.query(
      `INSERT INTO users (id, username, first_name) SELECT id, username, 'Book' FROM seed_users`,
    );
    // 0.01-1 BTC at 4.5-5.5 M RUB, created over the last day.
    await client.query(
      `CREATE TEMP TABLE seed_orders ON COMMIT DROP AS
       SELECT gen_random_uuid() AS id, gen_random_uuid() AS reserve_tx, u.id AS user_id, k.type,
              (1000000 + floor(random() * 99000000))::bigint AS amount,
              (450000000 + floor(random() * 100000000))::bigint AS price,
              now() - random() * interval '1 day' AS created
       FROM seed_users u
       CROSS JOIN LATERAL (
         SELECT 'sell'::text AS type FROM generate_series(1, $1)
         UNION ALL SELECT 'buy' FROM generate_series(1, $2)) k`,
      [opts.sellPerOwner, opts.buyPerOwner],
    );
    await client.query(
      `INSERT INTO orders (id, user_id, type, cryptocurrency, fiat_currency, amount_crypto, available_amount,
         price_per_unit, min_amount, max_amount, payment_methods, time_limit, status, expires_at, created_at, updated_at)
       SELECT id, user_id, type, 'BTC', 'RUB', amount, amount, price, 100000, amount * price / 100000000,
              ARRAY['sberbank', 'tinkoff'], 30, 'active', now() + interval '30 days', created, created
       FROM seed_orders`,
    );
    // Each owner is credited exactly their sell reserves, then each reserve is locked.
    await client.query(
      `CREATE TEMP TABLE seed_credits ON COMMIT DROP AS
       SELECT gen_random_uuid() AS tx, user_id, SUM(amount)::bigint AS total
       FROM seed_orders WHERE type = 'sell' GROUP BY user_id`,
    );
    await client.query(
      `INSERT INTO ledger_transactions (id, kind, created_at)
       SELECT tx, 'admin_credit', now() FROM seed_credits
       UNION ALL
       SELECT reserve_tx, 'order_reserve', created FROM seed_orders WHERE type = 'sell'`,
    );
    await client.query(`UPDATE ledger_transactions l SET ref_type = 'order', ref_id = o.id
                        FROM seed_orders o WHERE l.id = o.reserve_tx`);
    await client.query(
      `INSERT INTO ledger_entries (tx_id, account, currency, bucket, delta, reason, created_at)
       SELECT tx, 'external', 'BTC', 'available', -total, 'bench seed', now() FROM seed_credits
       UNION ALL SELECT tx, 'user:' || user_id, 'BTC', 'available', total, 'bench seed', now() FROM seed_credits
       UNION ALL SELECT reserve_tx, 'user:' || user_id, 'BTC', 'available', -amount, 'Sell order reserve', created
                 FROM seed_orders WHERE type = 'sell'
       UNION ALL SELECT reserve_tx, 'user:' || user_id, 'BTC', 'locked', amount, 'Sell order reserve', created
                 FROM seed_orders WHERE type = 'sell'`,
    );
    await client.query(
      `INSERT INTO balances (account, currency, available, locked)
       SELECT 'user:' || user_id, 'BTC', 0, total FROM seed_credits`,
    );
    await client.query(
      `INSERT INTO balances (account, currency, available, locked)
       SELECT 'external', 'BTC', -SUM(total), 0 FROM seed_credits
       ON CONFLICT (account, currency) DO UPDATE SET available = balances.available + EXCLUDED.available`,
    );
    const { rows } = await client.query(
      `SELECT type, COUNT(*)::int AS n FROM seed_orders GROUP BY type ORDER BY type`,
    );
    await client.query('COMMIT');
    await client.query('ANALYZE');
    return Object.fromEntries(rows.map((r) => [r.type, r.n])) as Record<'buy' | 'sell', number>;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/** The history lines the services write for the four steps of a completed trade (settlement.ts, trades.service.ts). */
const STEPS = [
  ['create', 'buyer', 'CREATED', 'ESCROW_LOCKED', 'Сделка создана, криптовалюта заблокирована в эскроу'],
  ['mark_paid', 'buyer', 'ESCROW_LOCKED', 'PAYMENT_PENDING', 'Покупатель отметил оплату'],
  [
    'confirm_payment',
    'seller',
    'PAYMENT_PENDING',
    'PAYMENT_CONFIRMED',
    'Продавец подтвердил получение оплаты',
  ],
  ['release_crypto', 'seller', 'PAYMENT_CONFIRMED', 'COMPLETED', 'Продавец отправил криптовалюту покупателю'],
] as const;

/**
 * Bulk history for `npm run bench`: `trades` completed trades between the seeded book users
 * ('book…' usernames) on their active BTC sell orders, written as the services would have
 * written them, in set-based SQL:
 *  - each trade's escrow is carved out of its order's reserve (the order's available amount
 *    falls; the coins stay in the seller's locked bucket, no posting, as on open);
 *  - its release is one `trade_release` posting: seller locked -amount, buyer available
 *    +(amount - fee), `fees` available +fee, with the balance rows moved by the same sums;
 *  - four trade_actions rows and four SYSTEM chat lines (create, mark_paid, confirm_payment,
 *    release_crypto) and the timestamps paid_at / confirmed_at / completed_at;
 *  - a review of the seller by the buyer for `buyerReviews` of the trades, and of the buyer
 *    by the seller for `sellerReviews`.
 * Amounts follow the app's rounding (crypto = fiat * 1e8 / price, rounded down) and every
 * order keeps more than half of its amount, so it stays in the book.
 */
export async function seedTrades(
  url: string,
  opts: {
    trades: number;
    feePpm: bigint;
    buyerReviews: number;
    sellerReviews: number;
    chatLine: (action: (typeof STEPS)[number][0], actor: 'buyer' | 'seller') => string;
  },
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Where the time goes: each statement's duration, named by the table it writes.
  const timings: string[] = [];
  const query = client.query.bind(client) as (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
  (client as unknown as { query: typeof query }).query = async (text, values) => {
    const t0 = performance.now();
    const out = await query(text, values);
    const what = /^\s*(CREATE TEMP TABLE \w+|INSERT INTO \w+|UPDATE \w+)/.exec(text)?.[1];
    if (what)
      timings.push(
        `${what.replace('CREATE TEMP TABLE', 'temp').replace('INSERT INTO ', '+').replace('UPDATE ', '~')} ${Math.round(performance.now() - t0)}`,
      );
    return out;
  };
  try {
    await client.query('BEGIN');
    await client.query(
      `CREATE TEMP TABLE seed_people ON COMMIT DROP AS
       SELECT id, (row_number() OVER (ORDER BY id) - 1)::bigint AS i FROM users WHERE username LIKE 'book%'`,
    );
    await client.query(
      `CREATE TEMP TABLE seed_sells ON COMMIT DROP AS
       SELECT o.id, o.user_id, o.amount_crypto, o.price_per_unit, o.created_at, p.i AS owner_i,
              (row_number() OVER (ORDER BY random()) - 1)::bigint AS k
       FROM orders o JOIN seed_people p ON p.id = o.user_id
       WHERE o.type = 'sell' AND o.status = 'active' AND o.cryptocurrency = 'BTC' AND o.fiat_currency = 'RUB'
         AND o.available_amount = o.amount_crypto`,
    );
    const {
      rows: [sizes],
    } = await client.query(
      `SELECT (SELECT COUNT(*) FROM seed_people)::int AS people, (SELECT COUNT(*) FROM seed_sells)::int AS sells`,
    );
    const { people, sells } = sizes as { people: number; sells: number };
    if (people < 2 || sells < 1) throw new Error(`seedTrades: ${people} users and ${sells} sell orders`);
    const perOrder = Math.ceil(opts.trades / sells);
    // Trade g of order k is trade number (g - 1) * sells + k: every order gets its first trade
    // before any gets a second. The buyer is another seeded user, never the seller.
    await client.query(
      `CREATE TEMP TABLE seed_trades ON COMMIT DROP AS
       SELECT gen_random_uuid() AS id, gen_random_uuid() AS tx, n, order_id, seller_id, buyer_id, price,
              amount_fiat, amount_fiat * 100000000 / price AS amount,
              (amount_fiat * 100000000 / price) * $4::bigint / 1000000 AS fee,
              created, created + (now() - created) * 0.2 AS paid, created + (now() - created) * 0.4 AS confirmed,
              created + (now() - created) * 0.6 AS completed
       FROM (
         SELECT (g - 1) * $2::bigint + s.k AS n, s.id AS order_id, s.user_id AS seller_id, b.id AS buyer_id,
                s.price_per_unit AS price,
                (s.amount_crypto / (2 * $3::bigint + 2)) * s.price_per_unit / 100000000 AS amount_fiat,
                s.created_at + (now() - s.created_at) * (0.1 + 0.3 * random()) AS created
         FROM seed_sells s
         CROSS JOIN generate_series(1, $3::int) g
         JOIN seed_people b ON b.i = (s.owner_i + 1 + ((s.k * 7 + g) % ($5::bigint - 1))) % $5::bigint
         WHERE (g - 1) * $2::bigint + s.k < $1::bigint) t`,
      [opts.trades, sells, perOrder, opts.feePpm, people],
    );
    await client.query(
      `INSERT INTO trades (id, order_id, buyer_id, seller_id, cryptocurrency, fiat_currency, amount_crypto,
         amount_fiat, price_per_unit, escrow_amount, escrow_source, fee_amount, settlement, payment_method, status,
         payment_deadline, confirmation_deadline, auto_release_at, paid_at, confirmed_at, completed_at,
         created_at, updated_at)
       SELECT id, order_id, buyer_id, seller_id, 'BTC', 'RUB', amount, amount_fiat, price, 0, 'order_reserve', fee,
              'released', 'sberbank', 'COMPLETED', created + interval '30 minutes', paid + interval '15 minutes',
              confirmed + interval '15 minutes', paid, confirmed, completed, created, completed
       FROM seed_trades`,
    );
    await client.query(
      `UPDATE orders o SET available_amount = o.available_amount - t.sold, updated_at = t.last
       FROM (SELECT order_id, SUM(amount) AS sold, MAX(created) AS last FROM seed_trades GROUP BY order_id) t
       WHERE o.id = t.order_id`,
    );
    const steps = STEPS.map(([action, role, from, to, description], i) => ({
      action,
      role,
      from,
      to,
      description,
      at: ['created', 'paid', 'confirmed', 'completed'][i] as string,
      actor: role === 'buyer' ? 'buyer_id' : 'seller_id',
      line: opts.chatLine(action, role),
    }));
    await client.query(
      `INSERT INTO trade_actions (trade_id, actor_id, actor_role, action, from_status, to_status, description, created_at)
       ${steps
         .map(
           (_, i) =>
             `SELECT id, ${steps[i]?.actor}, $${i * 5 + 1}, $${i * 5 + 2}, $${i * 5 + 3}, $${i * 5 + 4}, $${i * 5 + 5}, ${steps[i]?.at} FROM seed_trades`,
         )
         .join(' UNION ALL ')}`,
      steps.flatMap((s) => [s.role, s.action, s.from, s.to, s.description]),
    );
    // UNION ALL yields every trade's first line, then every second one, ...: each trade's
    // lines get ascending seq in step order without a sort.
    await client.query(
      `INSERT INTO chat_messages (trade_id, sender_id, type, content, created_at)
       SELECT trade_id, NULL, 'SYSTEM', content, at FROM (
         ${steps.map((s, i) => `SELECT id AS trade_id, $${i + 1}::text AS content, ${s.at} AS at FROM seed_trades`).join(' UNION ALL ')}
       ) l`,
      steps.map((s) => s.line),
    );
    await client.query(
      `INSERT INTO ledger_transactions (id, kind, ref_type, ref_id, created_at)
       SELECT tx, 'trade_release', 'trade', id, completed FROM seed_trades`,
    );
    await client.query(
      `INSERT INTO ledger_entries (tx_id, account, currency, bucket, delta, reason, created_at)
       SELECT tx, 'user:' || seller_id, 'BTC', 'locked', -amount, 'Release of trade escrow', completed FROM seed_trades
       UNION ALL SELECT tx, 'user:' || buyer_id, 'BTC', 'available', amount - fee, 'Release of trade escrow', completed
                 FROM seed_trades
       UNION ALL SELECT tx, 'fees', 'BTC', 'available', fee, 'Release of trade escrow', completed
                 FROM seed_trades WHERE fee > 0`,
    );
    await client.query(
      `UPDATE balances b SET locked = b.locked - s.total, updated_at = now()
       FROM (SELECT 'user:' || seller_id AS account, SUM(amount) AS total FROM seed_trades GROUP BY seller_id) s
       WHERE b.account = s.account AND b.currency = 'BTC'`,
    );
    await client.query(
      `INSERT INTO balances (account, currency, available, locked)
       SELECT 'user:' || buyer_id, 'BTC', SUM(amount - fee), 0 FROM seed_trades GROUP BY buyer_id
       UNION ALL SELECT 'fees', 'BTC', SUM(fee), 0 FROM seed_trades HAVING SUM(fee) > 0
       ON CONFLICT (account, currency) DO UPDATE SET available = balances.available + EXCLUDED.available,
         updated_at = now()`,
    );
    // Reviews: the first share of the trades (in random order) reviewed by the buyer, a smaller one by the seller.
    await client.query(
      `INSERT INTO reviews (trade_id, author_id, subject_id, rating, comment, created_at)
       SELECT id, buyer_id, seller_id, CASE WHEN n % 10 = 0 THEN 3 WHEN n % 3 = 0 THEN 4 ELSE 5 END, '',
              completed + (now() - completed) * 0.5
       FROM seed_trades WHERE n < $1::bigint
       UNION ALL
       SELECT id, seller_id, buyer_id, CASE WHEN n % 7 = 0 THEN 4 ELSE 5 END, '', completed + (now() - completed) * 0.5
       FROM seed_trades WHERE n < $2::bigint`,
      [Math.floor(opts.trades * opts.buyerReviews), Math.floor(opts.trades * opts.sellerReviews)],
    );
    const {
      rows: [made],
    } = await client.query(
      `SELECT COUNT(*)::int AS trades, COUNT(DISTINCT order_id)::int AS orders,
              (SELECT COUNT(*)::int FROM reviews) AS reviews FROM seed_trades`,
    );
    let t0 = performance.now();
    await client.query('COMMIT');
    timings.push(`commit ${Math.round(performance.now() - t0)}`);
    t0 = performance.now();
    await client.query('ANALYZE');
    timings.push(`analyze ${Math.round(performance.now() - t0)}`);
    return { ...(made as { trades: number; orders: number; reviews: number }), timings };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
