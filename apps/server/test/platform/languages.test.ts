import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellOrderScenario } from '../factories.ts';
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

  it('renders a refusal with values in the language asked for: the amount range of a new trade', async () => {
    // 0.1 BTC at the default price; trades between 10 000 and 100 000 ₽.
    const { buyer, orderId } = await sellOrderScenario(t.ctx, '0.1', {
      min_amount: '10000',
      max_amount: '100000',
    });
    const { accessToken } = await t.ctx.sessions.start('user', buyer.id);
    const open = (lang?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/trades',
        headers: {
          authorization: `Bearer ${accessToken}`,
          ...(lang ? { 'accept-language': lang } : {}),
        },
        payload: { orderId, amountFiat: '9999.99', paymentMethod: 'sberbank' },
      });
    const details = { min: '10000.00', max: '100000.00' };
    for (const lang of [undefined, 'ru']) {
      const ru = await open(lang);
      expect(ru.statusCode).toBe(400);
      expect(ru.json()).toMatchObject({
        error: 'Сумма должна быть от 10\u00a0000,00 до 100\u00a0000,00',
        code: 'VALIDATION_ERROR',
        details,
      });
    }
    const en = await open('en-GB,en;q=0.9');
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      error: 'The amount must be from 10\u00a0000,00 to 100\u00a0000,00',
      code: 'VALIDATION_ERROR',
      details,
    });
  });

  it('renders a value taken from the request itself: an unknown trade action', async () => {
    const act = (lang: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/trades/${randomUUID()}/actions`,
        headers: { ...headers, 'accept-language': lang },
        payload: { action: 'fly_to_the_moon' },
      });
    expect((await act('ru')).json()).toMatchObject({
      error: 'Неизвестное действие: fly_to_the_moon',
      code: 'VALIDATION_ERROR',
    });
    expect((await act('en')).json()).toMatchObject({
      error: 'Unknown action: fly_to_the_moon',
      code: 'VALIDATION_ERROR',
    });
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

  it("renders a shared schema's refusal with its values: route validation, message and field issues", async () => {
    const create = (lang: string, payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: { ...headers, 'accept-language': lang },
        payload: {
          type: 'buy',
          cryptocurrency: 'BTC',
          price_per_unit: '5000000',
          payment_methods: ['sberbank'],
          ...payload,
        },
      });
    // A cross-field rule with values (the coin's minimum).
    const small = { amount_crypto: '0.0001' };
    expect((await create('ru', small)).json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: 'Минимальная сумма: 0.001 BTC',
      details: { issues: [{ path: 'amount_crypto', message: 'Минимальная сумма: 0.001 BTC' }] },
    });
    expect((await create('en', small)).json()).toMatchObject({
      error: 'Minimum amount: 0.001 BTC',
      details: { issues: [{ path: 'amount_crypto', message: 'Minimum amount: 0.001 BTC' }] },
    });
    // A text bound: zod's own maximum fills the message.
    const long = { amount_crypto: '1', description: 'x'.repeat(501) };
    const en = (await create('en', long)).json();
    expect(en.details.issues).toEqual([{ path: 'description', message: expect.stringMatching(/500/) }]);
    expect(en.error).toBe(en.details.issues[0].message);
    expect(en.error).not.toMatch(/[А-Яа-я]/);
  });
});
