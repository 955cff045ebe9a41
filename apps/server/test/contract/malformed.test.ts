import { isErrorCode, MULTI_LINE_TEXT, SINGLE_LINE_TEXT } from '@p2p/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../factories.ts';
import { malformedRequests } from './malformed.ts';
import { type JsonSchema, type Operation, operationsOf, stringSlots } from './openapi.ts';
import { OPERATIONS, tableGaps, useClock } from './operations.ts';
import { buildWorld, type Caller, openSuite, type Suite, validRequest } from './world.ts';

/** One test walks every operation of the document: it grows with each route (the back office added 20). */
const SUITE_TIMEOUT = 600_000;

// Malformed-input suite, generated from the OpenAPI document: every operation x malformed
// inputs (malformed.ts), sent by a caller who could otherwise reach the route, so that
// validation, not authorization, is what answers. Only a 4xx in the envelope will do.

let s: Suite;
let operations: Operation[];
beforeAll(async () => {
  s = await openSuite();
  useClock(() => s.t.clock.now());
  operations = operationsOf(s.t.app);
});
afterAll(async () => {
  await s.close();
});

/** Who sends the malformed requests: the first allowed of these. */
const PREFERRED: Caller[] = ['buyer', 'seller', 'admin', 'moderator', 'stranger', 'anonymous'];
const TEXT_PATTERNS = new Set([SINGLE_LINE_TEXT.source, MULTI_LINE_TEXT.source]);

/** A string the schema bounds by shape (enum, uuid, ...) or as text with a length limit. */
function isBoundedString(schema: JsonSchema): boolean {
  if (schema.enum || schema.const !== undefined || schema.format) return true;
  const patterns = [schema.pattern, ...(schema.allOf ?? []).map((p) => p.pattern)];
  return schema.maxLength !== undefined && patterns.some((p) => p !== undefined && TEXT_PATTERNS.has(p));
}

describe('text inputs of the document', () => {
  it('are all typed with the shared text schema (or an enum, uuid, ...) and bounded', () => {
    const loose: string[] = [];
    for (const op of operations) {
      const inputs = [
        ...op.query.map((q) => ({ where: `query ${q.name}`, schema: q.schema })),
        ...(op.body ? [{ where: 'body', schema: op.body.schema }] : []),
      ];
      for (const { where, schema } of inputs) {
        for (const slot of stringSlots(schema)) {
          if (!isBoundedString(slot.schema)) loose.push(`${op.key} ${where} ${slot.path.join('.')}`);
        }
      }
    }
    expect(loose).toEqual([]);
  });
});

describe('malformed requests', () => {
  it(
    'are refused with a 4xx in the envelope by every operation, and the ledger stays sound',
    async () => {
      expect(tableGaps(operations.map((o) => o.key))).toEqual({ missing: [], stale: [] });
      const failures: string[] = [];
      let requests = 0;
      for (const op of operations) {
        const entry = OPERATIONS[op.key];
        if (!entry) continue;
        const caller = PREFERRED.find((c) => entry.allowed.includes(c)) as Caller;
        const world = await buildWorld(s, entry.scene);
        await entry.prepare?.(s, world);
        const staffCaller = caller === 'moderator' || caller === 'admin';
        const cases = malformedRequests(op, validRequest(entry.valid, world, caller), s, {
          secured: !entry.allowed.includes('anonymous'),
          otherAudience: world.headers(staffCaller ? 'buyer' : 'admin').authorization as string,
        });
        for (const { label, inject } of cases) {
          const res = await s.t.app.inject(inject);
          requests++;
          const body = res.headers['content-type']?.toString().startsWith('application/json')
            ? res.json()
            : null;
          const envelope =
            body?.success === false &&
            typeof body.error === 'string' &&
            body.error !== '' &&
            isErrorCode(body.code);
          if (res.statusCode < 400 || res.statusCode >= 500 || !envelope) {
            failures.push(`${op.key} [${label}] as ${caller}: ${res.statusCode} ${res.body.slice(0, 160)}`);
          }
        }
      }
      console.log(
        `malformed-input suite: ${operations.length} operations covered, ${requests} malformed requests sent`,
      );
      expect(failures).toEqual([]);
      await expectLedgerSound(s.t.ctx);
    },
    SUITE_TIMEOUT,
  );
});
