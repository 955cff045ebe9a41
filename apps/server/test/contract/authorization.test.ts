import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../factories.ts';
import { type Operation, operationsOf } from './openapi.ts';
import { OPERATIONS, tableGaps, useClock } from './operations.ts';
import {
  buildWorld,
  CALLERS,
  type Caller,
  openSuite,
  type Request,
  type Suite,
  toInject,
  validRequest,
} from './world.ts';

/** One test walks every operation of the document: it grows with each route (the back office added 20). */
const SUITE_TIMEOUT = 600_000;

// Authorization matrix, generated from the OpenAPI document: every operation x every kind of
// caller. Nobody outside an operation's allowed set (operations.ts) may get a 2xx, and at
// least one allowed caller must, so a refusal is never a pass by default.

let s: Suite;
let operations: Operation[];
beforeAll(async () => {
  s = await openSuite();
  useClock(() => s.t.clock.now());
  operations = operationsOf(s.t.app);
});
afterAll(async () => {
  await expectLedgerSound(s.t.ctx);
  await s.close();
});

const is2xx = (status: number) => status >= 200 && status < 300;

/** The same request with every part its caller chose made invalid: ids, query values, body. */
function spoiled(r: Request): Request {
  const params = Object.fromEntries(Object.keys(r.params).map((k) => [k, 'not-a-uuid']));
  const query = Object.fromEntries(Object.keys(r.query).map((k) => [k, '\u0000']));
  return { ...r, params, query: { ...query, unexpected: 'x' }, body: r.body === undefined ? r.body : 12345 };
}

describe('authorization matrix', () => {
  it('has a decision for every operation of the document, and only for those', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(tableGaps(operations.map((o) => o.key))).toEqual({ missing: [], stale: [] });
  });

  it(
    'answers 2xx only to allowed callers, and to at least one of them',
    async () => {
      const violations: string[] = [];
      const lines: string[] = [];
      let requests = 0;
      for (const op of operations) {
        const entry = OPERATIONS[op.key];
        if (!entry) continue; // reported by the test above
        // One world per operation; refused callers go first, so an allowed caller's change
        // (a cancelled order, a resolved dispute) cannot turn a refusal into a pass.
        const world = await buildWorld(s, entry.scene);
        await entry.prepare?.(s, world);
        const callers = [...CALLERS].sort(
          (a, b) => Number(entry.allowed.includes(a)) - Number(entry.allowed.includes(b)),
        );
        const statuses = new Map<Caller, number>();
        for (const caller of callers) {
          const res = await s.t.app.inject(toInject(op, validRequest(entry.valid, world, caller), s));
          requests++;
          statuses.set(caller, res.statusCode);
          if (is2xx(res.statusCode) && !entry.allowed.includes(caller)) {
            violations.push(`${op.key}: ${caller} got ${res.statusCode} ${res.body.slice(0, 200)}`);
          }
          if (res.statusCode >= 500)
            violations.push(`${op.key}: ${caller} got ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
        // Who is refused for who they are (no session, the other audience, a staff role without
        // the permission) is refused before what they sent is read: the same 401/403 for a
        // request whose every part is malformed, never a 400. (A 403 on someone else's resource
        // needs the resource, so it is left out: a user's, and a staff member's `notOwner`.)
        for (const caller of callers) {
          const status = statuses.get(caller) ?? 0;
          const staffCaller = caller === 'moderator' || caller === 'admin';
          if (entry.allowed.includes('anonymous')) break; // credentials in the body (refresh)
          const byRole = status === 403 && staffCaller && !entry.notOwner?.includes(caller);
          if (status !== 401 && !byRole) continue;
          const res = await s.t.app.inject(
            toInject(op, spoiled(validRequest(entry.valid, world, caller)), s),
          );
          requests++;
          if (res.statusCode !== status) {
            violations.push(
              `${op.key}: ${caller} got ${status} when valid but ${res.statusCode} when malformed ${res.body.slice(0, 160)}`,
            );
          }
        }
        if (!entry.allowed.some((c) => is2xx(statuses.get(c) ?? 0))) {
          violations.push(`${op.key}: no allowed caller (${entry.allowed.join(', ')}) got a 2xx`);
        }
        lines.push(
          `${op.key.padEnd(56)} ${CALLERS.map((c) => `${statuses.get(c)}${entry.allowed.includes(c) ? '*' : ' '}`.padEnd(6)).join('')}`,
        );
      }
      console.log(
        [
          `authorization matrix: ${CALLERS.length} callers x ${operations.length} operations = ${requests} requests (* allowed)`,
          `${''.padEnd(56)} ${CALLERS.map((c) => c.slice(0, 5).padEnd(6)).join('')}`,
          ...lines,
        ].join('\n'),
      );
      expect(violations).toEqual([]);
    },
    SUITE_TIMEOUT,
  );
});
