import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { preparingClient } from '../apps/server/src/db/prepared-statements.ts';
import { REPUTATION_FROM_STATS } from '../apps/server/src/modules/users/reputation.repository.ts';

/**
 * The raw baseline of `npm run bench`: a bare Fastify server with pg and no app layers
 * (no JWT, no zod, no services, no Drizzle), running the same SQL statements, in the same
 * transactions, that the app runs for the measured requests.
 *
 * The order book is read-only, so its baseline replays the exact statements (text and
 * values) bench.ts captured from one app request. The trade lifecycle writes new rows, so
 * its statements are mirrored here by hand; bench.ts counts the app's statements per
 * request at start-up and prints them next to these, so drift shows.
 *
 * The caller says who it is with `x-user` / `x-session` headers instead of a bearer token;
 * the session row is still read, as the app's auth does on every request.
 */

/** users/reputation.repository.ts figuresOfUsers: the same columns, imported. */
const REPUTATION = `SELECT s.user_id AS id, ${REPUTATION_FROM_STATS}
FROM user_stats s WHERE s.user_id = ANY($1::uuid[])`;

/**
 * users/reputation-counters.ts tradeCountersStatement for the three actions the lifecycle runs:
 * one upsert of both parties' deltas, durations read from the updated trade row.
 */
const COUNTERS = `INSERT INTO user_stats AS s (user_id, completed_trades, release_seconds, release_count,
    response_seconds, response_count)
  SELECT p.user_id, p.completed,
         CASE WHEN p.release THEN EXTRACT(EPOCH FROM (t.completed_at - t.paid_at)) ELSE 0 END, p.release::int,
         CASE p.response WHEN 'buyer' THEN EXTRACT(EPOCH FROM (t.paid_at - t.created_at))
                         WHEN 'seller' THEN EXTRACT(EPOCH FROM (t.confirmed_at - t.paid_at)) ELSE 0 END,
         (p.response <> 'none')::int
  FROM trades t CROSS JOIN unnest($2::uuid[], $3::int[], $4::boolean[], $5::text[]) p(user_id, completed, release, response)
  WHERE t.id = $1 ORDER BY p.user_id
  ON CONFLICT (user_id) DO UPDATE SET
    completed_trades = s.completed_trades + EXCLUDED.completed_trades,
    release_seconds = s.release_seconds + EXCLUDED.release_seconds,
    release_count = s.release_count + EXCLUDED.release_count,
    response_seconds = s.response_seconds + EXCLUDED.response_seconds,
    response_count = s.response_count + EXCLUDED.response_count`;

const MINUTE = 60_000;
const FEE_PPM = 1000n;

type Client = pg.PoolClient;

/** Statements each baseline request ran, by route, for the drift report. */
export const baselineStatements: Record<string, number> = {};

/** Counts statements per request kind (one counter per route, last request wins). */
function counted(pool: pg.Pool | Client, sink: { n: number }) {
  return (text: string, values?: unknown[]) => {
    sink.n++;
    return pool.query(text, values);
  };
}

async function inTransaction<T>(
  pool: pg.Pool,
  sink: { n: number },
  work: (q: ReturnType<typeof counted>) => Promise<T>,
) {
  const client = await pool.connect();
  const q = counted(client, sink);
  try {
    await q('BEGIN');
    const out = await work(q);
    await q('COMMIT');
    return out;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** The trade view the app sends back after every trade call: the same eight reads, in parallel. */
async function tradeView(pool: pg.Pool, sink: { n: number }, tradeId: string, viewerId: string) {
  const q = counted(pool, sink);
  const { rows } = await q('SELECT * FROM trades WHERE id = $1', [tradeId]);
  const trade = rows[0];
  const parties = [trade.buyer_id, trade.seller_id];
  const [users, reps, actions, reviewed, unread, details, proofs] = await Promise.all([
    q('SELECT * FROM users WHERE id = ANY($1::uuid[])', [parties]),
    q(REPUTATION, [parties]),
    q('SELECT * FROM trade_actions WHERE trade_id = ANY($1::uuid[]) ORDER BY id', [[tradeId]]),
    q('SELECT trade_id FROM reviews WHERE author_id = $1 AND trade_id = ANY($2::uuid[])', [
      viewerId,
      [tradeId],
    ]),
    q(
      `SELECT trade_id, COUNT(*) FROM chat_messages WHERE trade_id = ANY($1::uuid[]) AND type = 'TEXT'
       AND read_at IS NULL AND sender_id <> $2 GROUP BY trade_id`,
      [[tradeId], viewerId],
    ),
    q('SELECT * FROM trade_payment_details WHERE trade_id = ANY($1::uuid[]) ORDER BY id', [[tradeId]]),
    q('SELECT * FROM payment_proofs WHERE trade_id = ANY($1::uuid[]) ORDER BY created_at, id', [[tradeId]]),
  ]);
  return {
    trade,
    users: users.rows,
    reputation: reps.rows,
    actions: actions.rows,
    reviewed: reviewed.rowCount,
    unread: unread.rows,
    details: details.rows,
    proofs: proofs.rows,
  };
}

async function history(
  q: ReturnType<typeof counted>,
  tradeId: string,
  actor: string,
  role: string,
  action: string,
  from: string,
  to: string,
  now: Date,
) {
  await q(
    `INSERT INTO trade_actions (trade_id, actor_id, actor_role, action, from_status, to_status, description, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [tradeId, actor, role, action, from, to, action, now],
  );
  await q(
    `INSERT INTO chat_messages (trade_id, sender_id, type, content, created_at) VALUES ($1, NULL, 'SYSTEM', $2, $3) RETURNING *`,
    [tradeId, action, now],
  );
}

/** POST /trades on a sell order: lock the order, insert the trade, carve the reserve. */
async function openTrade(
  q: ReturnType<typeof counted>,
  buyerId: string,
  orderId: string,
  amountFiat: bigint,
  now: Date,
) {
  const { rows } = await q('SELECT * FROM orders WHERE id = $1 FOR UPDATE', [orderId]);
  const order = rows[0];
  if (order?.status !== 'active') throw new Error('order not live');
  const price = BigInt(order.price_per_unit);
  const crypto = (amountFiat * 100_000_000n) / price;
  if (crypto <= 0n || crypto > BigInt(order.available_amount)) throw new Error('not enough left');
  const trade = await q(
    `INSERT INTO trades (order_id, buyer_id, seller_id, cryptocurrency, fiat_currency, amount_crypto, amount_fiat,
       price_per_unit, escrow_amount, escrow_source, payment_method, status, payment_deadline, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $6, 'order_reserve', 'sberbank', 'ESCROW_LOCKED', $9, $10, $10) RETURNING *`,
    [
      orderId,
      buyerId,
      order.user_id,
      order.cryptocurrency,
      order.fiat_currency,
      crypto,
      amountFiat,
      price,
      new Date(now.getTime() + order.time_limit * MINUTE),
      now,
    ],
  );
  const tradeId = trade.rows[0].id as string;
  await q('UPDATE orders SET available_amount = $1, updated_at = $2 WHERE id = $3 RETURNING *', [
    BigInt(order.available_amount) - crypto,
    now,
    orderId,
  ]);
  await history(q, tradeId, buyerId, 'buyer', 'create', 'CREATED', 'ESCROW_LOCKED', now);
  await q('SELECT * FROM users WHERE id = $1', [buyerId]);
  return tradeId;
}

/** release_crypto's money: escrow -> buyer and fee -> fees (the app posts it last). */
async function postRelease(
  q: ReturnType<typeof counted>,
  trade: Record<string, string>,
  now: Date,
  fee: bigint,
) {
  const amount = BigInt(trade.amount_crypto as string);
  const moves = new Map<string, [bigint, bigint]>([
    ['fees', [fee, 0n]],
    [`user:${trade.buyer_id}`, [amount - fee, 0n]],
    [`user:${trade.seller_id}`, [0n, -amount]],
  ]);
  const accounts = [...moves.keys()].sort();
  await q(
    `INSERT INTO balances (account, currency, updated_at) SELECT a, $2, $3 FROM unnest($1::text[]) a ON CONFLICT DO NOTHING`,
    [accounts, trade.cryptocurrency, now],
  );
  const { rows } = await q(
    'SELECT * FROM balances WHERE account = ANY($1::text[]) AND currency = $2 ORDER BY account FOR UPDATE',
    [accounts, trade.cryptocurrency],
  );
  for (const row of rows) {
    const [da, dl] = moves.get(row.account) ?? [0n, 0n];
    await q(
      'UPDATE balances SET available = $1, locked = $2, updated_at = $3 WHERE account = $4 AND currency = $5',
      [BigInt(row.available) + da, BigInt(row.locked) + dl, now, row.account, trade.cryptocurrency],
    );
  }
  const tx = await q(
    `INSERT INTO ledger_transactions (kind, ref_type, ref_id, created_at) VALUES ('trade_release', 'trade', $1, $2) RETURNING id`,
    [trade.id, now],
  );
  const entries = [...moves.entries()].flatMap(([account, [da, dl]]) =>
    [
      ['available', da],
      ['locked', dl],
    ]
      .filter(([, d]) => d !== 0n)
      .map(([bucket, d]) => [account, bucket, d]),
  );
  await q(
    `INSERT INTO ledger_entries (tx_id, account, currency, bucket, delta, reason, created_at)
     SELECT $1, e.account, $2, e.bucket, e.delta, 'Release of trade escrow', $3
     FROM unnest($4::text[], $5::text[], $6::bigint[]) AS e(account, bucket, delta)`,
    [
      tx.rows[0].id,
      trade.cryptocurrency,
      now,
      entries.map((e) => e[0]),
      entries.map((e) => e[1]),
      entries.map((e) => String(e[2])),
    ],
  );
}

/** One trade action in one transaction, as TradesService.act runs it. */
async function act(pool: pg.Pool, sink: { n: number }, userId: string, tradeId: string, action: string) {
  const now = new Date();
  await inTransaction(pool, sink, async (q) => {
    const { rows } = await q('SELECT * FROM trades WHERE id = $1 FOR UPDATE', [tradeId]);
    const t = rows[0];
    if (!t) throw new Error('no trade');
    const rule: Record<string, [string, string, string]> = {
      mark_paid: ['ESCROW_LOCKED', 'PAYMENT_PENDING', 'buyer'],
      confirm_payment: ['PAYMENT_PENDING', 'PAYMENT_CONFIRMED', 'seller'],
      release_crypto: ['PAYMENT_CONFIRMED', 'COMPLETED', 'seller'],
    };
    const [from, to, role] = rule[action] ?? [];
    let fee = 0n;
    if (t.status !== from || t[`${role}_id`] !== userId) throw new Error(`${action} not available`);
    if (action === 'mark_paid') {
      await q(
        'UPDATE trades SET status = $1, confirmation_deadline = $2, paid_at = $3, updated_at = $3 WHERE id = $4 RETURNING *',
        [to, new Date(now.getTime() + 15 * MINUTE), now, tradeId],
      );
    } else if (action === 'confirm_payment') {
      await q(
        'UPDATE trades SET status = $1, auto_release_at = $2, confirmed_at = $3, updated_at = $3 WHERE id = $4 RETURNING *',
        [to, new Date(now.getTime() + 15 * MINUTE), now, tradeId],
      );
    } else {
      await q('SELECT * FROM orders WHERE id = $1 FOR UPDATE', [t.order_id]);
      fee = (BigInt(t.amount_crypto) * FEE_PPM) / 1_000_000n;
      await q(
        `UPDATE trades SET escrow_amount = 0, fee_amount = $1, settlement = 'released', status = $2, completed_at = $3,
           updated_at = $3 WHERE id = $4 RETURNING *`,
        [fee, to, now, tradeId],
      );
    }
    if (action === 'mark_paid') await q(COUNTERS, [tradeId, [t.buyer_id], [0], [false], ['buyer']]);
    else if (action === 'confirm_payment')
      await q(COUNTERS, [tradeId, [t.seller_id], [0], [false], ['seller']]);
    else {
      await q(COUNTERS, [tradeId, [t.buyer_id, t.seller_id], [1, 1], [false, true], ['none', 'none']]);
      await q('UPDATE orders SET completed_trades = completed_trades + 1 WHERE id = $1', [t.order_id]);
    }
    await history(q, tradeId, userId, role as string, action, from as string, to as string, now);
    if (action === 'release_crypto') await postRelease(q, t, now, fee);
  });
}

export interface Statement {
  text: string;
  values: unknown[];
}

/**
 * Starts the baseline on 127.0.0.1:0 over its own pool of `poolMax` connections; `book` is
 * what the app ran for one order-book request.
 */
export async function startBaseline(
  url: string,
  poolMax: number,
  book: Statement[],
): Promise<{ app: FastifyInstance; base: string; pool: pg.Pool }> {
  // Prepared per connection, as the app's pool does (db/prepared-statements.ts).
  const pool = new pg.Pool({ connectionString: url, max: poolMax, Client: preparingClient(pg.Client) });
  const app = Fastify({ logger: false });
  const auth = async (q: ReturnType<typeof counted>, headers: Record<string, unknown>) => {
    const { rows } = await q('SELECT revoked_at, subject_type, subject_id FROM auth_sessions WHERE id = $1', [
      headers['x-session'],
    ]);
    if (!rows[0] || rows[0].subject_id !== headers['x-user']) throw new Error('unauthorized');
    return headers['x-user'] as string;
  };

  // The book: the app's captured statements, replayed as the app runs them (the page with
  // its capped count, then the owners with their counters and settings).
  app.get('/book', async () => {
    const sink = { n: 0 };
    const q = counted(pool, sink);
    const [page, ...views] = book;
    if (!page) throw new Error('no book statements captured');
    const { rows } = await q(page.text, page.values);
    const extra = await Promise.all(views.map((v) => q(v.text, v.values)));
    baselineStatements.book = sink.n;
    return { orders: rows, views: extra.map((r) => r.rows) };
  });

  // The brief's narrower baseline: only the book's page (its count is in the same statement).
  app.get('/book-select-count', async () => {
    const [page] = book;
    if (!page) throw new Error('no book statements captured');
    const { rows } = await pool.query(page.text, page.values);
    return { orders: rows };
  });

  app.post('/trades', async (request) => {
    const sink = { n: 0 };
    const body = request.body as { orderId: string; amountFiat: string };
    const userId = await auth(counted(pool, sink), request.headers);
    const fiat = BigInt(body.amountFiat.replace('.', '')) * (body.amountFiat.includes('.') ? 1n : 100n);
    const tradeId = await inTransaction(pool, sink, (q) =>
      openTrade(q, userId, body.orderId, fiat, new Date()),
    );
    const view = await tradeView(pool, sink, tradeId, userId);
    baselineStatements.open = sink.n;
    return { tradeId, data: view };
  });

  app.post('/trades/:id/actions', async (request) => {
    const sink = { n: 0 };
    const { id } = request.params as { id: string };
    const { action } = request.body as { action: string };
    const userId = await auth(counted(pool, sink), request.headers);
    await act(pool, sink, userId, id, action);
    const view = await tradeView(pool, sink, id, userId);
    baselineStatements[action] = sink.n;
    return { data: view };
  });

  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, base, pool };
}
