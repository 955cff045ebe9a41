import { type MessageKey, translate } from '@p2p/shared';
import { currentLang } from '@/i18n/current-lang';
import { forgetReauth, obtainReauth, reauthHeaders } from './reauth';
import { clearAuth, getAccessToken, getRefreshToken, saveTokens } from './storage';

/** Call conventions (docs/product/texts-and-limits.md). Mutable so tests can shorten the clocks. */
export const apiConfig = { baseUrl: '/api/v1', timeoutMs: 30_000, maxRetries: 3, retryDelayMs: 1_000 };

type ClientMessage = 'timeout' | 'cancelled' | 'network' | 'badResponse' | 'uploadFailed';

/** The client's own messages, in the UI language at the moment they are raised. */
export function apiMessage(name: ClientMessage): string {
  return translate(currentLang(), `api.${name}` satisfies MessageKey);
}

/** Headers every call to our API carries: JSON, and the UI language for the server's texts. */
export function apiHeaders(): Record<string, string> {
  return { Accept: 'application/json', 'Accept-Language': currentLang() };
}

/** Every failed call throws this; the UI decides by `code` (or `status`). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send the bearer token and refresh once on 401. Off for the sign-in calls themselves. */
  auth?: boolean;
}

/** A fresh key for POSTs that create something: makes them safe to retry. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** Where a client keeps its session: the user's or the back office's, never both in one. */
export interface SessionStore {
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  saveTokens(tokens: { accessToken: string; refreshToken: string }): void;
  /** Forget the session (and tell whoever listens that it ended). */
  clear(): void;
  /** The refresh call of this audience, e.g. `/auth/refresh` or `/admin/auth/refresh`. */
  refreshPath: string;
}

export type ApiRequest = <T>(path: string, options?: RequestOptions) => Promise<T>;

type RefreshOutcome = 'refreshed' | 'rejected' | 'unreachable';

/**
 * A client over one session store: the bearer token it keeps, one refresh and retry on 401,
 * and a failed refresh ends that session only.
 */
/** Sends over one session store, refreshing its token once on 401. */
function createSender(store: SessionStore): (path: string, options?: RequestOptions) => Promise<Response> {
  let refreshing: Promise<RefreshOutcome> | null = null;

  async function refreshTokens(): Promise<RefreshOutcome> {
    const refreshToken = store.getRefreshToken();
    if (!refreshToken) return 'rejected';
    let response: Response;
    try {
      response = await attempt(store.refreshPath, { method: 'POST', body: { refreshToken } }, null);
    } catch {
      return 'unreachable';
    }
    if (response.status >= 500) return 'unreachable';
    if (!response.ok) return 'rejected';
    try {
      store.saveTokens(await readData<{ accessToken: string; refreshToken: string }>(response));
      return 'refreshed';
    } catch {
      return 'rejected';
    }
  }

  /**
   * One refresh shared by every call that hit 401 at the same time: refresh tokens rotate,
   * and presenting a used one revokes the whole session family.
   */
  function refreshOnce(usedToken: string): Promise<RefreshOutcome> {
    const current = store.getAccessToken();
    if (!refreshing && current && current !== usedToken) return Promise.resolve('refreshed');
    refreshing ??= refreshTokens().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /**
   * A security change refused for want of a re-authentication (403 REAUTH_REQUIRED,
   * docs/decisions/033): the dialog obtains a proof in place and the call goes again with it.
   * A change that carried a proof is never sent a second time with the same one.
   */
  async function sendReauthenticated(path: string, options: RequestOptions = {}): Promise<Response> {
    const writes = (options.method ?? 'GET') !== 'GET';
    const proof = writes && options.auth !== false ? reauthHeaders() : {};
    const first = await sendOnce(path, { ...options, headers: { ...proof, ...options.headers } });
    if (first.status !== 403 || !writes || options.auth === false) return first;
    const body = (await readBody(first.clone())) as { code?: string } | null;
    if (body?.code !== 'REAUTH_REQUIRED') return first;
    forgetReauth();
    const token = await obtainReauth();
    if (!token) return first;
    return sendOnce(path, { ...options, headers: { ...options.headers, ...reauthHeaders() } });
  }

  return sendReauthenticated;

  async function sendOnce(path: string, options: RequestOptions = {}): Promise<Response> {
    const useAuth = options.auth !== false;
    const token = useAuth ? store.getAccessToken() : null;
    let response = await sendWithRetry(path, options, token);
    if (response.status === 401 && token) {
      const outcome = await refreshOnce(token);
      if (outcome === 'unreachable') throw new ApiError(apiMessage('network'), 0, 'NETWORK_ERROR');
      if (outcome === 'refreshed') response = await sendWithRetry(path, options, store.getAccessToken());
      if (outcome === 'rejected' || response.status === 401) {
        store.clear();
        throw await toError(response);
      }
    }
    return response;
  }
}

export function createApiClient(store: SessionStore): ApiRequest {
  const send = createSender(store);
  return async <T>(path: string, options: RequestOptions = {}) => readData<T>(await send(path, options));
}

const sendAsUser = createSender({
  getAccessToken,
  getRefreshToken,
  saveTokens,
  clear: clearAuth,
  refreshPath: '/auth/refresh',
});

/** Calls `/api/v1{path}` as the signed-in user and returns the envelope's `data`. Throws ApiError. */
export const apiRequest: ApiRequest = async <T>(path: string, options: RequestOptions = {}) =>
  readData<T>(await sendAsUser(path, options));

/** Like apiRequest, for answers that carry more than `data` (a list with its `pagination`). */
export async function apiRequestEnvelope<T extends object>(
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const response = await sendAsUser(path, options);
  const body = await readBody(response);
  if (!response.ok || body?.success === false) throw await toError(response, body);
  if (!body || typeof body !== 'object')
    throw new ApiError(apiMessage('badResponse'), response.status, 'BAD_RESPONSE');
  return body as T;
}

/** A file the API answers (CSV export) as a Blob, with the same sign-in and errors. */
export async function apiDownload(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await sendAsUser(path, options);
  if (!response.ok) throw await toError(response);
  return response.blob();
}

function isRetryable(options: RequestOptions): boolean {
  const method = options.method ?? 'GET';
  if (method === 'GET') return true;
  const keyed = Object.keys(options.headers ?? {}).some((h) => h.toLowerCase() === 'idempotency-key');
  return method === 'POST' && keyed;
}

/** Retries timeouts, network errors and 5xx with a doubling delay, only when that is safe. */
async function sendWithRetry(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const retryable = isRetryable(options);
  let delay = apiConfig.retryDelayMs;
  for (let tries = 0; ; tries++) {
    const canRetry = retryable && tries < apiConfig.maxRetries;
    try {
      const response = await attempt(path, options, token);
      if (response.status < 500 || !canRetry) return response;
    } catch (error) {
      const cancelled = error instanceof ApiError && error.code === 'CANCELLED';
      if (cancelled || !canRetry) throw error;
    }
    await sleep(delay, options.signal);
    delay *= 2;
  }
}

async function attempt(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, apiConfig.timeoutMs);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort);
  const headers: Record<string, string> = { ...apiHeaders(), ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    if (options.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    return await fetch(`${apiConfig.baseUrl}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
  } catch (error) {
    if (timedOut) throw new ApiError(apiMessage('timeout'), 0, 'TIMEOUT');
    if (options.signal?.aborted) throw new ApiError(apiMessage('cancelled'), 0, 'CANCELLED');
    throw new ApiError(apiMessage('network'), 0, 'NETWORK_ERROR', String(error));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ApiError(apiMessage('cancelled'), 0, 'CANCELLED'));
    const timer = setTimeout(resolve, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ApiError(apiMessage('cancelled'), 0, 'CANCELLED'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

type Envelope = { success?: boolean; data?: unknown; error?: string; message?: string; code?: string };

async function readBody(response: Response): Promise<Envelope | null> {
  try {
    const text = await response.text();
    return text ? (JSON.parse(text) as Envelope) : null;
  } catch {
    return null;
  }
}

/** The error an answer carries: the server wrote it in the UI language (Accept-Language). */
export function errorMessageOf(
  body: { error?: string; message?: string } | null,
  response: Response,
): string {
  const text = body?.error || body?.message;
  if (text) return text;
  return translate(currentLang(), 'api.httpStatus', {
    status: response.status,
    statusText: response.statusText || '',
  });
}

async function toError(response: Response, body?: Envelope | null): Promise<ApiError> {
  const parsed = body === undefined ? await readBody(response) : body;
  return new ApiError(
    errorMessageOf(parsed, response),
    response.status,
    parsed?.code,
    (parsed as { details?: unknown })?.details,
  );
}

async function readData<T>(response: Response): Promise<T> {
  const body = await readBody(response);
  if (!response.ok || body?.success === false) throw await toError(response, body);
  if (!body || typeof body !== 'object' || !('data' in body)) {
    throw new ApiError(apiMessage('badResponse'), response.status, 'BAD_RESPONSE');
  }
  return body.data as T;
}
