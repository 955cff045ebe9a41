import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSpecialPurpose } from '../../src/modules/webhooks/special-addresses.ts';
import { WebhookDispatcher } from '../../src/modules/webhooks/webhook-dispatcher.ts';
import { deliveryTarget, postPinned } from '../../src/modules/webhooks/webhook-target.ts';
import { secondFactor } from '../factories.ts';
import { createTestApp, signInEnrolled, type TestApp, withReauth } from '../helpers.ts';
import { orderEvent, type Session, startReceiver } from './support.ts';

/**
 * Where a webhook may connect (docs/decisions/036): never to an IANA special-purpose address,
 * whether the URL names it or its host resolves to it at send time, and only to the address
 * that was checked (no second resolution between the check and the connection).
 */

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  t = await createTestApp();
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const add = async (user: Session, url: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks',
    headers: await withReauth(t.app, user.headers),
    payload: { url, events: ['order:updated'], totpCode: await secondFactor(t.ctx, user.userId) },
  });

const resolvesTo =
  (...addresses: string[]) =>
  async (): Promise<LookupAddress[]> =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('creating a webhook for a special-purpose address', () => {
  it.each([
    'https://100.64.0.1/hook', // shared address space
    'https://100.127.255.254/hook',
    'https://198.18.0.1/hook', // benchmarking
    'https://198.19.255.255/hook',
    'https://[fec0::1]/hook', // deprecated site-local
    'https://[::127.0.0.1]/hook', // IPv4-compatible loopback
    'https://[64:ff9b::10.0.0.1]/hook', // NAT64
    'https://[::ffff:10.0.0.1]/hook', // IPv4-mapped
    'https://[::ffff:127.0.0.1]/hook',
    'https://[::]/hook', // unspecified
    'https://[0:0:0:0:0:0:0:0]/hook',
    'https://0.0.0.0/hook',
    'https://169.254.169.254/latest/meta-data', // the cloud metadata service
    'https://10.1.2.3/hook',
    'https://192.168.1.1/hook',
    'https://[fd00::1]/hook',
    'https://[fe80::1]/hook',
    'https://[2001:db8::1]/hook',
    'https://[2002:a00:1::]/hook', // 6to4 of 10.0.0.1
    'https://2130706434/hook', // 127.0.0.2 written as one number
    'https://0x7f.2/hook', // 127.0.0.2 in hex and short form
    'https://foo.localhost/hook',
    'https://printer.local/hook',
    'https://db.internal/hook',
  ])('refuses %s with 400, in any environment, and saves nothing', async (url) => {
    const user = await signInEnrolled(t, `hook_${Math.random().toString(36).slice(2, 8)}`);
    const res = await add(user, url);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe('Адрес вебхука должен быть доступен из интернета, а не из внутренней сети');
    const list = await t.app.inject({ url: '/api/v1/webhooks', headers: user.headers });
    expect(list.json().data).toEqual([]);
  });

  it('takes public addresses and names', async () => {
    const user = await signInEnrolled(t, 'hook_public');
    for (const url of [
      'https://93.184.215.14/hook',
      'https://[2606:4700::1111]/hook',
      'https://example.com/h',
    ]) {
      expect((await add(user, url)).statusCode).toBe(200);
    }
  });
});

describe('the special-purpose registries', () => {
  it.each([
    ['100.63.255.255', false],
    ['100.64.0.0', true],
    ['100.128.0.0', false],
    ['172.15.255.255', false],
    ['172.16.0.0', true],
    ['172.32.0.0', false],
    ['198.17.255.255', false],
    ['198.20.0.0', false],
    ['192.0.0.9', true],
    ['224.0.0.1', true],
    ['255.255.255.255', true],
    ['8.8.8.8', false],
    ['2606:4700::1111', false],
    ['fbff::1', false],
    ['fc00::', true],
    ['febf::1', true],
    ['fec0::', true],
    ['ff02::1', true],
    ['::ffff:8.8.8.8', true],
    ['::8.8.8.8', true],
    ['64:ff9b::808:808', true],
    ['2001:4860:4860::8888', false],
    ['2001:0:4136:e378::1', true], // Teredo
    ['not an address', true],
  ])('%s special: %s', (ip, special) => {
    expect(isSpecialPurpose(ip)).toBe(special);
  });
});

describe('the address a delivery connects to', () => {
  const hook = new URL('https://hooks.example.com/hook');

  it('is resolved at send time and refused when the name resolves to a special-purpose address', async () => {
    expect(await deliveryTarget(hook, 'production', resolvesTo('10.0.0.7'))).toBeNull();
    expect(await deliveryTarget(hook, 'production', resolvesTo('::ffff:169.254.169.254'))).toBeNull();
    // One private answer among public ones refuses the name whole.
    expect(await deliveryTarget(hook, 'production', resolvesTo('93.184.215.14', '127.0.0.1'))).toBeNull();
    expect(await deliveryTarget(hook, 'production', resolvesTo('93.184.215.14', '2606:4700::1111'))).toEqual({
      address: '93.184.215.14',
      family: 4,
    });
  });

  it('lets a development localhost reach this machine only', async () => {
    const local = new URL('http://localhost:8080/hook');
    expect(await deliveryTarget(local, 'development', resolvesTo('127.0.0.1', '::1'))).toMatchObject({
      address: '127.0.0.1',
    });
    expect(await deliveryTarget(local, 'development', resolvesTo('10.0.0.1'))).toBeNull();
    expect(await deliveryTarget(local, 'production', resolvesTo('127.0.0.1'))).toBeNull();
  });

  it('is the checked one: the connection never resolves the name again (no DNS rebinding)', async () => {
    receiver.answer(204);
    receiver.received.length = 0;
    const port = new URL(receiver.url).port;
    // `hooks.invalid` resolves nowhere: only the pinned address can have been connected to.
    const url = new URL(`http://hooks.invalid:${port}/hook`);
    const status = await postPinned(
      url,
      { address: '127.0.0.1', family: 4 },
      {
        headers: { 'content-type': 'application/json' },
        body: '{"ok":true}',
        signal: AbortSignal.timeout(5_000),
      },
    );
    expect(status).toBe(204);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.headers.host).toBe(`hooks.invalid:${port}`);
    expect(receiver.received[0]?.body).toBe('{"ok":true}');
  });

  it('sends nothing to a saved webhook whose name now resolves to a private address', async () => {
    receiver.answer(200);
    receiver.received.length = 0;
    const user = await signInEnrolled(t, 'hook_rebound');
    expect((await add(user, 'https://hooks.example.com/hook')).statusCode).toBe(200);
    const asked: string[] = [];
    const dispatcher = new WebhookDispatcher(t.ctx, undefined, async (host) => {
      asked.push(host);
      return resolvesTo('127.0.0.1')();
    });
    await orderEvent(t, user);
    expect((await dispatcher.tick()).retrying).toBeGreaterThan(0);
    expect(asked[0]).toBe('hooks.example.com');
    expect(receiver.received).toHaveLength(0);
    const [listed] = (await t.app.inject({ url: '/api/v1/webhooks', headers: user.headers })).json().data;
    expect(listed.deliveries[0]).toMatchObject({
      status: 'pending',
      last_outcome: 'error',
      last_status_code: null,
    });
  });
});
