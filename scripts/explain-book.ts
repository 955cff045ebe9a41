/**
 * EXPLAIN ANALYZE of the public book's statements on a database named by DATABASE_URL,
 * used for docs/decisions/019-order-book-performance.md:
 *
 *   npx tsx scripts/explain-book.ts before   # the statements the book ran before migration 0016
 *   npx tsx scripts/explain-book.ts after    # page + capped count, owners with counters
 *
 * Prints each statement's plan and the median execution time over RUNS (20) executions.
 */
import pg from 'pg';
import {
  REPUTATION_COLUMNS,
  REPUTATION_FROM_STATS,
} from '../apps/server/src/modules/users/reputation.repository.ts';

const RUNS = Number(process.env.RUNS ?? 20);
const mode = process.argv[2] === 'before' ? 'before' : 'after';
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });

const BOOK_FILTER = `type = 'sell' AND cryptocurrency = 'BTC' AND status = 'active'
  AND (expires_at IS NULL OR expires_at > now())`;
const OLD_WHERE = `${BOOK_FILTER} AND available_amount > 0
  AND (available_amount::numeric * price_per_unit) / 100000000 >= min_amount`;
const NEW_WHERE = `${BOOK_FILTER} AND tradable AND NOT owner_away`;

async function explain(label: string, text: string, values: unknown[] = []) {
  const times: number[] = [];
  let plan = '';
  for (let i = 0; i < RUNS; i++) {
    const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT TEXT) ${text}`, values);
    const lines = rows.map((r) => r['QUERY PLAN'] as string);
    const exec = lines.find((l) => l.startsWith('Execution Time'));
    times.push(Number(exec?.match(/([\d.]+) ms/)?.[1] ?? Number.NaN));
    plan = lines.join('\n');
  }
  times.sort((a, b) => a - b);
  console.log(
    `\n== ${label}: median ${times[Math.floor(times.length / 2)]?.toFixed(3)} ms over ${RUNS}\n${plan}`,
  );
}

await client.connect();
const { rows: owners } = await client.query(
  `SELECT DISTINCT user_id, id FROM (SELECT user_id, id FROM orders WHERE ${OLD_WHERE}
   ORDER BY price_per_unit, created_at LIMIT 20) p`,
);
const ownerIds = owners.map((r) => r.user_id);
const orderIds = owners.map((r) => r.id);
if (mode === 'before') {
  await explain(
    'page',
    `SELECT * FROM orders WHERE ${OLD_WHERE} ORDER BY price_per_unit, created_at LIMIT 20 OFFSET 0`,
  );
  await explain('count', `SELECT COUNT(*) FROM orders WHERE ${OLD_WHERE}`);
  await explain('owners', 'SELECT * FROM users WHERE id = ANY($1::uuid[])', [ownerIds]);
  await explain(
    'reputation',
    `SELECT u.id, ${REPUTATION_COLUMNS} FROM users u WHERE u.id = ANY($1::uuid[])`,
    [ownerIds],
  );
  await explain(
    'completed per order',
    `SELECT order_id, COUNT(*) FROM trades WHERE order_id = ANY($1::uuid[]) AND status = 'COMPLETED' GROUP BY order_id`,
    [orderIds],
  );
  await explain('settings', 'SELECT * FROM user_settings WHERE user_id = ANY($1::uuid[])', [ownerIds]);
} else {
  await explain(
    'page + capped count',
    `SELECT o.*, (SELECT COUNT(*) FROM (SELECT 1 FROM orders WHERE ${NEW_WHERE} LIMIT 1001) capped) AS counted
     FROM orders o WHERE ${NEW_WHERE} ORDER BY price_per_unit, created_at LIMIT 20 OFFSET 0`,
  );
  await explain(
    'owners + counters + 30-day trades + settings',
    `SELECT u.*, ${REPUTATION_FROM_STATS},
       ((SELECT COUNT(*) FROM trades t WHERE t.status = 'COMPLETED' AND t.seller_id = u.id
           AND t.completed_at > now() - interval '30 days')
        + (SELECT COUNT(*) FROM trades t WHERE t.status = 'COMPLETED' AND t.buyer_id = u.id
           AND t.completed_at > now() - interval '30 days')) AS trades_30d,
       us.show_online, us.min_rating_tenths, us.allow_unrated FROM users u
     LEFT JOIN user_stats s ON s.user_id = u.id LEFT JOIN user_settings us ON us.user_id = u.id
     WHERE u.id = ANY($1::uuid[])`,
    [ownerIds],
  );
}
await client.end();
