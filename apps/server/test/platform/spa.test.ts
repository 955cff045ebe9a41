import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MARKET_FIRST_REQUESTS } from '@p2p/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';

// The built SPA is served with history fallback; API and asset misses stay JSON 404s.
let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'p2p-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>P2P Market</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  // What apps/web/scripts/precompress.mjs writes next to each asset after the build.
  writeFileSync(join(dist, 'assets', 'app-1234.js.br'), 'BROTLI-BYTES');
  writeFileSync(join(dist, 'assets', 'app-1234.js.gz'), 'GZIP-BYTES');
  writeFileSync(join(dist, 'assets', 'app-1234.js.map'), '{"version":3}');
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

it('serves index.html for page routes, to browsers and to plain clients', async () => {
  for (const [url, accept] of [
    ['/', '*/*'],
    ['/trade/3f7c', 'text/html,application/xhtml+xml'],
    ['/order/1/manage', 'text/html'],
  ] as const) {
    const res = await t.app.inject({ url, headers: { accept } });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  }
});

it('serves hashed assets as immutable and keeps missing assets and API routes 404', async () => {
  const asset = await t.app.inject({ url: '/assets/app-1234.js' });
  expect(asset.statusCode).toBe(200);
  expect(asset.headers['cache-control']).toContain('immutable');
  const missing = await t.app.inject({ url: '/assets/gone.js', headers: { accept: '*/*' } });
  expect(missing.statusCode).toBe(404);
  expect(missing.json().code).toBe('NOT_FOUND');
  const api = await t.app.inject({ url: '/api/v1/nothing', headers: { accept: 'text/html' } });
  expect(api.statusCode).toBe(404);
  expect(api.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
});

it('sends the precompressed file the browser accepts, brotli first, and the plain one otherwise', async () => {
  const br = await t.app.inject({
    url: '/assets/app-1234.js',
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  });
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.body).toBe('BROTLI-BYTES');
  expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(br.headers.vary).toContain('accept-encoding');
  const gz = await t.app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip' } });
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gz.body).toBe('GZIP-BYTES');
  const plain = await t.app.inject({ url: '/assets/app-1234.js' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe('console.log(1)');
});

it('makes browsers revalidate index.html, directly and as the fallback of every page route', async () => {
  for (const url of ['/', '/market', '/trade/3f7c', '/index.html']) {
    const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['cache-control'], url).toBe('no-cache');
  }
});

it('never serves source maps', async () => {
  const map = await t.app.inject({ url: '/assets/app-1234.js.map', headers: { accept: '*/*' } });
  expect(map.statusCode).toBe(404);
  expect(map.body).not.toContain('"version"');
});

it("announces the market's first requests with its default view, and with no other page", async () => {
  for (const url of ['/', '/?utm_source=tg', '/?tgWebAppStartParam=order_1']) {
    const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
    expect(res.statusCode, url).toBe(200);
    const links = String(res.headers.link).split(', ');
    expect(links, url).toEqual(
      MARKET_FIRST_REQUESTS.map((request) => `<${request}>; rel=preload; as=fetch; crossorigin=anonymous`),
    );
  }
  // A filtered market asks for other addresses; other pages ask for none of these.
  for (const url of ['/?crypto=BTC', '/?fiat=RUB&method=sbp', '/market', '/trade/3f7c', '/index.html']) {
    const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers.link, url).toBeUndefined();
  }
  const api = await t.app.inject({ url: '/api/v1/nothing', headers: { accept: '*/*' } });
  expect(api.headers.link).toBeUndefined();
});
