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

  it('leave in one write while they are few, without waiting for more, and all of them at exit', async () => {
    // Eleven lines (under the 4 KB a write gathers), then nothing until the test asks the
    // process to log one more and exit. It exits by itself with 3 after 10 s: the lines never came.
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
         for (let i = 0; i < 10; i++) log.info({ i }, 'line');
         log.info('later');
         process.stdin.once('data', () => { log.info('last'); process.exit(0); });
         setTimeout(() => process.exit(3), 10_000).unref();
         process.stdin.resume();`,
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const writes: string[] = [];
    child.stdout.on('data', (chunk) => {
      writes.push(String(chunk));
      // The periodic flush wrote them: now the exit.
      if (writes.length === 1 && writes[0]?.includes('"later"')) child.stdin.write('exit\n');
    });
    const code = await new Promise((resolve) => child.once('close', resolve));
    expect(code).toBe(0);
    const messages = writes
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { msg: string }).msg);
    expect(messages).toEqual([...Array(10).fill('line'), 'later', 'last']);
    // The eleven in one write, the last one in the write made at exit.
    expect(writes).toHaveLength(2);
    expect(writes[1]).toContain('"last"');
  });
});
