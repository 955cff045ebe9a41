import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';

// A first user behind a shared address, or on a phone over plain HTTP on the LAN
// (docs/decisions/034): static files never spend the API's rate limit, and HTTPS-only headers
// go out only over HTTPS.
function makeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'p2p-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>P2P Market</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  writeFileSync(join(dist, 'assets', 'app-1234.css'), 'body{}');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

describe('rate limit', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = makeDist();
    t = await createTestApp({ WEB_DIST: dist, RATE_LIMIT: '1' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves 400 static requests from one address, every one 200, while the API stays limited', async () => {
    const urls = ['/assets/app-1234.js', '/assets/app-1234.css', '/favicon.svg', '/', '/trade/3f7c'];
    const statuses = new Map<number, number>();
    for (let i = 0; i < 400; i += 1) {
      const url = urls[i % urls.length] as string;
      const res = await t.app.inject({
        url,
        headers: { accept: 'text/html,*/*' },
        remoteAddress: '10.0.0.7',
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (url.startsWith('/assets/')) {
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: 400 });

    // The same address's API budget (300 a minute) is still there, and still ends.
    let limited = 0;
    for (let i = 0; i < 305; i += 1) {
      const res = await t.app.inject({ url: '/api/v1/config', remoteAddress: '10.0.0.7' });
      if (res.statusCode === 429) limited += 1;
    }
    expect(limited).toBeGreaterThan(0);
    const last = await t.app.inject({ url: '/api/v1/config', remoteAddress: '10.0.0.7' });
    expect(last.statusCode).toBe(429);
    expect(last.json().code).toBe('RATE_LIMITED');
  });
});

describe('HTTPS-only headers', () => {
  let t: TestApp;
  let secure: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = makeDist();
    t = await createTestApp({ WEB_DIST: dist });
    secure = await createTestApp({ WEB_DIST: dist, PUBLIC_URL: 'https://market.example', TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t.close();
    await secure.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the page and its files over plain HTTP on a LAN address without upgrade or HSTS', async () => {
    for (const url of ['/', '/assets/app-1234.js', '/api/v1/config']) {
      const res = await t.app.inject({
        url,
        headers: { host: '192.168.1.23:3000', accept: 'text/html,*/*' },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'] ?? '', url).not.toContain('upgrade-insecure-requests');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
    // Even with an https PUBLIC_URL, a LAN name over HTTP gets no HTTPS-only header.
    const lan = await secure.app.inject({
      url: '/',
      headers: { host: '192.168.1.23:3000', accept: 'text/html' },
    });
    expect(lan.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(lan.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds upgrade-insecure-requests and HSTS over HTTPS: forwarded by a trusted proxy or at the public name', async () => {
    const forwarded = await secure.app.inject({
      url: '/',
      headers: { host: 'internal:3000', 'x-forwarded-proto': 'https', accept: 'text/html' },
    });
    expect(forwarded.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(forwarded.headers['strict-transport-security']).toContain('max-age=31536000');
    const publicName = await secure.app.inject({
      url: '/',
      headers: { host: 'market.example', accept: 'text/html' },
    });
    expect(publicName.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(publicName.headers['strict-transport-security']).toContain('max-age=31536000');
    // An untrusted client cannot claim HTTPS by itself.
    const claimed = await t.app.inject({
      url: '/',
      headers: { host: '192.168.1.23:3000', 'x-forwarded-proto': 'https', accept: 'text/html' },
    });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });
});
