import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { createContext } from '../apps/server/src/context.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import * as ledger from '../apps/server/src/modules/ledger/ledger.ts';
import { OrdersService } from '../apps/server/src/modules/orders/orders.service.ts';
import { insertUser } from '../apps/server/src/modules/users/users.repository.ts';
import { benchConfigEnv, newJwtSecret, startAppProcess } from './bench-app.ts';
import { ok, request, runLoad } from './bench-load.ts';

const adminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `p2p_exp_${Date.now()}`;
const dbUrl = `postgres://postgres@127.0.0.1:5432/${dbName}`;
const admin = async (sql: string) => {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(sql);
  await c.end();
};
await admin(`CREATE DATABASE ${dbName}`);
const env = benchConfigEnv(dbUrl, newJwtSecret());
const config = loadConfig(env);
const db = await openDatabase({ databaseUrl: dbUrl, poolMax: 4 });
await migrate(db);
const ctx = createContext(config, db, systemClock);
const orders = new OrdersService(ctx);
const N = Number(process.env.PAIRS ?? 16);
const pairs: { b: string; s: string; orderId: string }[] = [];
for (let i = 0; i < N; i++) {
  const s = await insertUser(ctx.db, { username: `s${i}`, firstName: 'B', now: new Date() });
  const b = await insertUser(ctx.db, { username: `b${i}`, firstName: 'B', now: new Date() });
  await ctx.db.transaction((tx) =>
    ledger.credit(tx, s.id, 'BTC', 100n * 100_000_000n, { reason: 'f' }, new Date()),
  );
  const { id } = await orders.create(s.id, {
    type: 'sell',
    cryptocurrency: 'BTC',
    amount_crypto: '100',
    price_per_unit: '5000000',
    fiat_currency: 'RUB',
    payment_methods: ['sberbank'],
    time_limit: 30,
    min_amount: '1000',
  });
  pairs.push({
    s: (await ctx.sessions.start('user', s.id)).accessToken,
    b: (await ctx.sessions.start('user', b.id)).accessToken,
    orderId: id,
  });
}
if (process.env.LOGSTMT) await admin(`ALTER DATABASE ${dbName} SET log_min_duration_statement = 0`);
await db.close();
const app = await startAppProcess(env, 20);
const base = app.base;
const lat: number[] = [];
const t = async <T>(fn: () => Promise<T>) => {
  const t0 = performance.now();
  const r = await fn();
  lat.push(performance.now() - t0);
  return r;
};
const cycle = async (w: number) => {
  const p = pairs[w % pairs.length]!;
  const { tradeId } = await t(() =>
    ok<{ tradeId: string }>(
      request(
        base,
        'POST',
        '/api/v1/trades',
        { authorization: `Bearer ${p.b}` },
        { orderId: p.orderId, amountFiat: '5000', paymentMethod: 'sberbank' },
      ),
    ),
  );
  for (const [tok, action] of [
    [p.b, 'mark_paid'],
    [p.s, 'confirm_payment'],
    [p.s, 'release_crypto'],
  ] as const)
    await t(() =>
      ok(
        request(
          base,
          'POST',
          `/api/v1/trades/${tradeId}/actions`,
          { authorization: `Bearer ${tok}` },
          { action, payload: {} },
        ),
      ),
    );
};
await runLoad(cycle, { concurrency: 16, seconds: 2, warmupS: 0 });
lat.length = 0;
const S = Number(process.env.SECS ?? 10);

import { readdirSync, readFileSync } from 'node:fs';

const cpuOf = (match: (cmd: string, pid: number) => boolean) => {
  let t = 0;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
      if (!match(cmd, Number(d))) continue;
      const f = readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ');
      t += Number(f[11]) + Number(f[12]);
    } catch {}
  }
  return t * 10;
};
const snap = () => ({
  pg: cpuOf((c) => c.startsWith('postgres')),
  node: cpuOf(
    (c, pid) =>
      c.includes('bench-app') || (c.includes('node') && pid !== process.pid && !c.includes('exp-actions')),
  ),
  self: cpuOf((_c, pid) => pid === process.pid),
  all:
    Number(
      readFileSync('/proc/stat', 'utf8')
        .split('\n')[0]!
        .split(/\s+/)
        .slice(1, 4)
        .reduce((a, b) => a + Number(b), 0),
    ) * 10,
});
const c0 = snap();
const r = await runLoad(cycle, { concurrency: Number(process.env.C ?? 16), seconds: S, warmupS: 0 });
lat.sort((a, b) => a - b);
const c1 = snap();
const n = r.done * 4;
console.log(
  `CPU ms per action: pg ${((c1.pg - c0.pg) / n).toFixed(2)} app-child ${((c1.node - c0.node) / n).toFixed(2)} loadgen ${((c1.self - c0.self) / n).toFixed(2)} all-user+sys ${((c1.all - c0.all) / n).toFixed(2)}; ${n} actions`,
);
console.log(
  `lifecycles ${(r.opsPerSec).toFixed(1)}/s = ${(r.opsPerSec * 4).toFixed(0)} actions/s; action p50 ${lat[Math.floor(lat.length * 0.5)]?.toFixed(1)} p99 ${lat[Math.floor(lat.length * 0.99)]?.toFixed(1)} errors ${r.errors} ${r.firstError ?? ''}`,
);
await app.close();
await admin(`DROP DATABASE ${dbName} WITH (FORCE)`);
process.exit(0);
