import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';

// The app's page may be framed by Telegram's web clients (a Mini App there) and by nothing else;
// every other response stays unframeable (docs/decisions/029).
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

const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]*)/.exec(String(csp))?.[1];

describe('framing of the app page', () => {
  it.each(['/', '/trade/3f7c', '/wallet', '/index.html'])(
    '%s may be framed by https://web.telegram.org only, without X-Frame-Options',
    async (url) => {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(frameAncestors(res.headers['content-security-policy'])).toBe('https://web.telegram.org');
      expect(res.headers['x-frame-options']).toBeUndefined();
      // The rest of the policy is the app's own.
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    },
  );

  it.each([
    ['/api/v1/auth/config', 'application/json'],
    ['/api/v1/no-such-thing', 'text/html'],
    ['/assets/app-1234.js', '*/*'],
    ['/assets/gone.js', '*/*'],
    ['/healthz', '*/*'],
  ])('%s stays unframeable', async (url, accept) => {
    const res = await t.app.inject({ url, headers: { accept } });
    expect(frameAncestors(res.headers['content-security-policy'])).toBe("'none'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
