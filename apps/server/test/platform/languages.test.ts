import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../helpers.ts';

// The server answers refusals in the language the request asks for (docs/decisions/015).
let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: '1' });
  headers = (await signIn(t.app, 'lang_user')).headers;
});
afterAll(async () => {
  await t.close();
});

const tradeOf = (lang?: string) =>
  t.app.inject({
    url: `/api/v1/trades/${randomUUID()}`,
    headers: lang ? { ...headers, 'accept-language': lang } : headers,
  });

describe('error language', () => {
  it('is Russian by default and for Russian or unknown languages', async () => {
    for (const lang of [undefined, 'ru-RU,ru;q=0.9', 'de-DE', '*']) {
      expect((await tradeOf(lang)).json()).toMatchObject({ error: 'Сделка не найдена', code: 'NOT_FOUND' });
    }
  });

  it('is English when English is preferred, whatever the weights say second', async () => {
    for (const lang of ['en', 'en-US,en;q=0.9,ru;q=0.8', 'de;q=0.9,en;q=0.8']) {
      expect((await tradeOf(lang)).json()).toMatchObject({ error: 'Trade not found', code: 'NOT_FOUND' });
    }
  });

  it('translates validation issues, and messages with values with their values', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/trades/not-a-uuid/messages',
      headers: { ...headers, 'accept-language': 'en' },
      payload: { content: 'hi' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).not.toMatch(/[а-яё]/i);

    let limited = null;
    for (let i = 0; i < 400 && !limited; i++) {
      const res = await t.app.inject({
        url: '/api/v1/market/current-prices',
        headers: { 'accept-language': 'en' },
      });
      if (res.statusCode === 429) limited = res.json();
    }
    expect(limited?.error).toMatch(/^Too many requests, please try again in \d+ s$/);
  });
});
