import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberLang } from '@/i18n/current-lang';
import { ApiError, apiConfig, apiRequest } from './api';
import { forgetReauth, HANDLER_WAIT_MS, onReauthWanted, setReauthHandler } from './reauth';

const store = new Map<string, string>();
const fakeStorage = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
};
const ok = (data: unknown) => new Response(JSON.stringify({ success: true, data }), { status: 200 });
const reauthRequired = () =>
  new Response(
    JSON.stringify({ success: false, error: 'Подтвердите, что это вы', code: 'REAUTH_REQUIRED' }),
    {
      status: 403,
    },
  );
const headerOf = (call: unknown[]) =>
  (call[1] as { headers: Record<string, string> }).headers['x-reauth-token'];

let fetchMock: ReturnType<typeof vi.fn>;
let unregister: () => void = () => {};

beforeEach(() => {
  store.clear();
  store.set('auth_token', 'A1');
  vi.stubGlobal('localStorage', fakeStorage);
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  Object.assign(apiConfig, { timeoutMs: 30_000, maxRetries: 3, retryDelayMs: 1_000 });
  rememberLang('ru');
  forgetReauth();
});
afterEach(() => {
  unregister();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('re-authentication in place (docs/decisions/033)', () => {
  it('a change refused with REAUTH_REQUIRED asks the dialog once, then goes again with the proof', async () => {
    const expiresAt = new Date(Date.now() + 5 * 60_000).toISOString();
    const dialog = vi.fn(async () => ({ reauthToken: 'proof-1', expiresAt }));
    unregister = setReauthHandler(dialog);
    fetchMock.mockResolvedValueOnce(reauthRequired()).mockResolvedValueOnce(ok({ secret: 'S' }));
    await expect(apiRequest('/users/2fa/setup', { method: 'POST' })).resolves.toEqual({ secret: 'S' });
    expect(dialog).toHaveBeenCalledTimes(1);
    expect(headerOf(fetchMock.mock.calls[0] as unknown[])).toBeUndefined();
    expect(headerOf(fetchMock.mock.calls[1] as unknown[])).toBe('proof-1');
    // The next change of the same five minutes (enrolment's second step) carries it at once.
    fetchMock.mockResolvedValueOnce(ok({ enabled: true }));
    await apiRequest('/users/2fa/enable', { method: 'POST', body: { code: '123456' } });
    expect(headerOf(fetchMock.mock.calls[2] as unknown[])).toBe('proof-1');
    expect(dialog).toHaveBeenCalledTimes(1);
  });

  it('closing the dialog leaves the refusal as it was; nothing is sent again', async () => {
    unregister = setReauthHandler(async () => null);
    fetchMock.mockResolvedValueOnce(reauthRequired());
    const call = apiRequest('/api-keys', { method: 'POST', body: { name: 'x', scopes: ['read'] } });
    await expect(call).rejects.toMatchObject({ code: 'REAUTH_REQUIRED', status: 403 });
    await expect(call).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('other 403s never open the dialog', async () => {
    const dialog = vi.fn(async () => null);
    unregister = setReauthHandler(dialog);
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ success: false, error: 'Нет', code: 'TWO_FACTOR_REQUIRED' }), {
        status: 403,
      }),
    );
    await expect(apiRequest('/withdrawals/request', { method: 'POST', body: {} })).rejects.toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
    });
    expect(dialog).not.toHaveBeenCalled();
  });

  it('a change refused before the dialog arrived asks its host for it, waits, and goes again with the proof', async () => {
    const expiresAt = new Date(Date.now() + 5 * 60_000).toISOString();
    const dialog = vi.fn(async () => ({ reauthToken: 'proof-late', expiresAt }));
    const host = vi.fn(() => {
      // The host mounts the dialog a moment later (its code loads after the first paint).
      setTimeout(() => {
        unregister = setReauthHandler(dialog);
      }, 20);
    });
    const stopHearing = onReauthWanted(host);
    fetchMock.mockResolvedValueOnce(reauthRequired()).mockResolvedValueOnce(ok({ secret: 'S' }));
    await expect(apiRequest('/users/2fa/setup', { method: 'POST' })).resolves.toEqual({ secret: 'S' });
    stopHearing();
    expect(host).toHaveBeenCalledTimes(1);
    expect(dialog).toHaveBeenCalledTimes(1);
    expect(headerOf(fetchMock.mock.calls[1] as unknown[])).toBe('proof-late');
  });

  it('when no dialog arrives in time, the refusal stands and nothing is sent again', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValueOnce(reauthRequired());
    const call = apiRequest('/users/2fa/setup', { method: 'POST' });
    const settled = expect(call).rejects.toMatchObject({ code: 'REAUTH_REQUIRED', status: 403 });
    await vi.advanceTimersByTimeAsync(HANDLER_WAIT_MS - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    // A dialog that registers afterwards is not handed the stale call.
    const dialog = vi.fn(async () => null);
    unregister = setReauthHandler(dialog);
    expect(dialog).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
