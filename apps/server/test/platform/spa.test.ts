import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
