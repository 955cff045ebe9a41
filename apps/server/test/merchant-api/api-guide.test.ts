import { readFileSync } from 'node:fs';
import {
  AttachPaymentTemplateRequest,
  CreateOrderRequest,
  CreateTradeRequest,
  DisputePayload,
  MarkPaidPayload,
  OrderSettingsRequest,
  SendMessageRequest,
  TradeActionRequest,
} from '@p2p/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { keyAccessOf } from '../../src/modules/api-keys/key-policy.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

/**
 * docs/api.md is what a merchant's developer works from: every operation a key may call has a
 * curl example there, each example calls an operation a key may call, and each example's body
 * is one the server's own schema accepts.
 */

const GUIDE = readFileSync(new URL('../../../../docs/api.md', import.meta.url), 'utf8');
const PLACEHOLDER_ID = '7c6f3f2e-5b1a-4c7d-9e2f-0a1b2c3d4e5f';

interface Example {
  line: string;
  /** `METHOD /api/v1/…` with `{id}` for each variable segment, as the OpenAPI document writes it. */
  operation: string;
  body: unknown;
}

/** A shell word list's JSON body: `'{"orderId":"'$ORDER_ID'"}'` with the variables filled in. */
function bodyOf(rest: string): unknown {
  const quoted = /^'(.*)'(?:\s+-H .*)?$/.exec(rest.trim());
  if (!quoted?.[1]) return undefined;
  const json = quoted[1].replace(/'\$\([^)]*\)'/g, '123456').replace(/'\$\w+'/g, PLACEHOLDER_ID);
  return JSON.parse(json);
}

/** Every `p2p METHOD PATH [BODY]` line of the guide's code blocks. */
function examples(): Example[] {
  return GUIDE.split('\n').flatMap((line) => {
    const match = /^p2p (GET|POST|PUT|PATCH|DELETE) ['"]?([^'"\s]+)['"]?(.*)$/.exec(line);
    if (!match?.[1] || !match[2]) return [];
    const path = (match[2].split('?')[0] ?? '').replace(/\$\w+/g, '{id}');
    return [{ line, operation: `${match[1]} ${path}`, body: bodyOf(match[3] ?? '') }];
  });
}

/** The shared schema each write's body must pass (the route validates with the same). */
const BODIES: Record<string, z.ZodType> = {
  'POST /api/v1/orders': CreateOrderRequest,
  'PUT /api/v1/orders/{id}/settings': OrderSettingsRequest,
  'POST /api/v1/trades': CreateTradeRequest,
  'POST /api/v1/trades/{id}/actions': TradeActionRequest,
  'PUT /api/v1/trades/{id}/payment-template': AttachPaymentTemplateRequest,
  'POST /api/v1/trades/{id}/messages': SendMessageRequest,
};
const PAYLOADS: Record<string, z.ZodType> = { mark_paid: MarkPaidPayload, dispute_trade: DisputePayload };

let t: TestApp;
let keyed: string[];
beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
  };
  keyed = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, op]) => op.security?.some((s) => 'apiKey' in s))
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
});
afterAll(async () => {
  await t.close();
});

describe('docs/api.md', () => {
  it('has a curl example for every operation a key may call', () => {
    expect(keyed.length).toBeGreaterThan(30);
    const shown = new Set(examples().map((e) => e.operation));
    expect(keyed.filter((op) => !shown.has(op))).toEqual([]);
  });

  it('shows a key only what a key may call', () => {
    const refused = examples().filter((e) => {
      const [method = '', path = ''] = e.operation.split(' ');
      return 'sessionOnly' in keyAccessOf(method, path.replace(/\{(\w+)\}/g, ':$1'));
    });
    expect(refused.map((e) => e.line)).toEqual([]);
  });

  it('gives bodies the server accepts, trade action payloads included', () => {
    const rejected: string[] = [];
    for (const e of examples()) {
      const schema = BODIES[e.operation];
      if (e.body === undefined) {
        if (schema) rejected.push(`${e.line}: no body`);
        continue;
      }
      if (!schema?.safeParse(e.body).success) rejected.push(e.line);
      const { action, payload } = e.body as { action?: string; payload?: unknown };
      const payloadSchema = action ? PAYLOADS[action] : undefined;
      if (payloadSchema && !payloadSchema.safeParse(payload).success) rejected.push(`${e.line}: payload`);
    }
    expect(rejected).toEqual([]);
    const actions = examples().flatMap((e) => (e.body as { action?: string } | undefined)?.action ?? []);
    expect(actions).toEqual(expect.arrayContaining(['mark_paid', 'cancel_trade', 'dispute_trade']));
  });

  it('names the swap offer’s second factor and the payer of «Я оплатил»', () => {
    const bodies = examples().map((e) => JSON.stringify(e.body ?? null));
    expect(bodies.some((b) => b.includes('"fiat_currency":"USDT"') && b.includes('"totp_code"'))).toBe(true);
    expect(bodies.some((b) => b.includes('"payer"'))).toBe(true);
  });
});
