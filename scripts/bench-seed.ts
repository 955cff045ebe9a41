import pg from 'pg';

/**
 * Bulk seeding of the order book for `npm run bench`, in set-based SQL (the services would
 * take minutes for 10,000 orders). The books stay sound: every sell order's reserve is
 * credited from `external` and locked through real ledger postings, exactly the entries the
 * services would write; buy orders lock nothing. bench.ts runs the ledger audit afterwards.
 */
export async function seedBook(
  url: string,
  opts: { owners: number; sellPerOwner: number; buyPerOwner: number },
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `CREATE TEMP TABLE seed_users ON COMMIT DROP AS
       SELECT gen_random_uuid() AS id, 'book' || g AS username FROM generate_series(1, $1) g`,
      [opts.owners],
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
