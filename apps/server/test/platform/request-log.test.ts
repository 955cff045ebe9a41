import { spawn } from 'node:child_process';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createContext } from '../../src/context.ts';
import { ManualClock } from '../../src/lib/clock.ts';
import { createTestDatabase, testConfig } from '../helpers.ts';

/** The request logs (docs/decisions/057): one line a request, written in batches. */
describe('request logs', () => {
  it('write one line per request, when it is answered, with its method, URL, status and time', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const { database, dispose } = await createTestDatabase();
    const app = await buildApp(createContext(testConfig(), database, new ManualClock(new Date())), {
      logger: { level: 'info', stream },
    });
    await app.ready();
    try {
      const book = await app.inject({ url: '/api/v1/orders?type=sell&cryptocurrency=BTC&limit=2' });
      expect(book.statusCode).toBe(200);
      const refused = await app.inject({ method: 'POST', url: '/api/v1/trades', payload: {} });
      expect(refused.statusCode).toBe(401);
      const requests = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.req !== undefined || entry.res !== undefined);
      expect(requests.map((r) => r.msg)).toEqual(['request completed', 'request completed']);
      const [first, second] = requests as {
        reqId: string;
        req: { method: string; url: string };
        res: { statusCode: number };
        responseTime: number;
      }[];
      expect(first?.req).toMatchObject({ method: 'GET', url: '/api/v1/orders?type&cryptocurrency&limit' });
      expect(first?.res.statusCode).toBe(200);
      expect(first?.responseTime).toBeGreaterThan(0);
      expect(second?.req).toMatchObject({ method: 'POST', url: '/api/v1/trades' });
      expect(second?.res.statusCode).toBe(401);
      expect(first?.reqId).not.toBe(second?.reqId);
    } finally {
      await app.close();
      await dispose();
    }
  });

  /** A process that logs through `logDestination`; what it printed, and when. */
  function logging(script: string): Promise<{ at: number; text: string }[]> {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import pino from 'pino';
         import { logDestination } from './apps/server/src/lib/request-log.ts';
         const log = pino(logDestination());
         ${script}`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const started = Date.now();
    const out: { at: number; text: string }[] = [];
    child.stdout.on('data', (chunk) => out.push({ at: Date.now() - started, text: String(chunk) }));
    return new Promise((resolve) => child.once('close', () => resolve(out)));
  }

  it('leave in one write while they are many, a second late at most, and all of them at exit', async () => {
    // Fifty lines at once, one more a moment later, then the process waits and exits.
    const out = await logging(`
      for (let i = 0; i < 50; i++) log.info({ i }, 'line');
      setTimeout(() => log.info('later'), 100);
      setTimeout(() => { log.info('last'); process.exit(0); }, 2500);
    `);
    const text = out.map((o) => o.text).join('');
    const lines = text.split('\n').filter(Boolean);
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual([
      ...Array(50).fill('line'),
      'later',
      'last',
    ]);
    // Far fewer writes than lines: the fifty went out together with "later", on the periodic
    // flush (under 4 KB, so no write of their own), before the exit wrote "last".
    expect(out.length).toBeLessThanOrEqual(3);
    const later = out.find((o) => o.text.includes('"later"'));
    expect(later?.at).toBeLessThan(2500);
    expect(out.at(-1)?.text).toContain('"last"');
  });
});
