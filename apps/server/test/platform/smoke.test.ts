import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('smoke', async () => {
  const s = await signIn(t.app, 'alice');
  const me = await t.app.inject({ url: '/api/v1/auth/me', headers: s.headers });
  expect(me.statusCode).toBe(200);
  console.log(me.json());
});
