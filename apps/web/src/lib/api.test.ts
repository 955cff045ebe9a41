import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberLang } from '@/i18n/current-lang';
import { ApiError, apiConfig, apiRequest } from './api';
import { getAccessToken, getRefreshToken, onAuthCleared } from './storage';

const store = new Map<string, string>();
const fakeStorage = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
};

const ok = (data: unknown) => new Response(JSON.stringify({ success: true, data }), { status: 200 });
const fail = (status: number, error?: string) =>
  new Response(error ? JSON.stringify({ success: false, error, code: 'X' }) : '', {
    status,
    statusText: 'Oops',
  });

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  store.clear();
  vi.stubGlobal('localStorage', fakeStorage);
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  Object.assign(apiConfig, { timeoutMs: 30_000, maxRetries: 3, retryDelayMs: 1_000 });
  rememberLang('ru');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('returns data and sends the bearer token', async () => {
    store.set('auth_token', 'A1');
    fetchMock.mockResolvedValueOnce(ok({ id: 1 }));
    await expect(apiRequest('/auth/me')).resolves.toEqual({ id: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/auth/me');
    expect(init.headers.Authorization).toBe('Bearer A1');
  });

  it('asks the server for texts in the UI language', async () => {
    fetchMock.mockImplementation(async () => ok({}));
    await apiRequest('/x');
    rememberLang('en');
    await apiRequest('/x');
    expect(fetchMock.mock.calls.map(([, init]) => init.headers['Accept-Language'])).toEqual(['ru', 'en']);
  });

  it("shows the server's text as it came: the server wrote it in the language asked for", async () => {
    rememberLang('en');
    fetchMock.mockResolvedValueOnce(fail(404, 'Order not found'));
    await expect(apiRequest('/orders/x')).rejects.toMatchObject({ message: 'Order not found', status: 404 });
    fetchMock.mockResolvedValueOnce(fail(400, 'Ордер не найден'));
    await expect(apiRequest('/orders/x')).rejects.toThrow('Ордер не найден');
  });

  it('uses the error field, else HTTP status text', async () => {
    fetchMock.mockResolvedValueOnce(fail(404, 'Пользователь не найден'));
    await expect(apiRequest('/users/x')).rejects.toMatchObject({
      message: 'Пользователь не найден',
      status: 404,
    });
    fetchMock.mockResolvedValueOnce(fail(418));
    await expect(apiRequest('/x', { method: 'POST' })).rejects.toThrow('HTTP 418: Oops');
  });

  it('retries GET on 5xx with a doubling delay, at most 3 times', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () => fail(503));
    const result = apiRequest('/market').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(await result).toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('never retries a POST without an Idempotency-Key, but does with one', async () => {
    apiConfig.retryDelayMs = 1;
    fetchMock.mockImplementation(async () => fail(500));
    await expect(apiRequest('/trades', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fetchMock.mockClear();
    fetchMock.mockResolvedValueOnce(fail(502)).mockResolvedValueOnce(ok({ id: 't' }));
    const headers = { 'Idempotency-Key': 'k1' };
    await expect(apiRequest('/trades', { method: 'POST', body: {}, headers })).resolves.toEqual({ id: 't' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('times out after 30 s with the timeout message', async () => {
    vi.useFakeTimers();
    apiConfig.maxRetries = 0;
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const result = apiRequest('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await result).toMatchObject({
      message: 'Сервер не ответил вовремя, попробуйте ещё раз',
      code: 'TIMEOUT',
    });
    rememberLang('en');
    const english = apiRequest('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await english).toMatchObject({ message: 'Request timeout - please try again', code: 'TIMEOUT' });
  });

  it('refreshes once for concurrent 401s, then retries each call', async () => {
    store.set('auth_token', 'old');
    store.set('refresh_token', 'refresh-old');
    let refreshCalls = 0;
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      const auth = (init.headers as Record<string, string>).Authorization;
      if (url.endsWith('/auth/refresh')) {
        refreshCalls++;
        await new Promise((r) => setTimeout(r, 5));
        return ok({ accessToken: 'new', refreshToken: 'refresh-new', tokenType: 'Bearer', expiresIn: 900 });
      }
      return auth === 'Bearer new' ? ok(url) : fail(401, 'Необходима авторизация');
    });
    const results = await Promise.all([apiRequest('/a'), apiRequest('/b'), apiRequest('/c')]);
    expect(results).toEqual(['/api/v1/a', '/api/v1/b', '/api/v1/c']);
    expect(refreshCalls).toBe(1);
    expect(getAccessToken()).toBe('new');
    expect(getRefreshToken()).toBe('refresh-new');
  });

  it('clears auth and signs out when the refresh is refused', async () => {
    store.set('auth_token', 'old');
    store.set('refresh_token', 'refresh-old');
    store.set('user_data', '{}');
    const signedOut = vi.fn();
    const off = onAuthCleared(signedOut);
    fetchMock.mockImplementation(async () => fail(401, 'Сессия истекла, войдите снова'));
    await expect(apiRequest('/auth/me')).rejects.toMatchObject({ status: 401 });
    off();
    expect(signedOut).toHaveBeenCalledTimes(1);
    // Signing out forgets the credentials, not the language.
    expect([...store.keys()]).toEqual(['ui_language']);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
