import { ApiError, apiConfig, apiHeaders, apiMessage, apiRequest, errorMessageOf } from '@/lib/api';
import { getAccessToken } from '@/lib/storage';

const UPLOAD_TIMEOUT_MS = 60_000;

/**
 * A raw authorised request (multipart upload, image bytes) that the JSON client cannot make.
 * On 401 it lets the JSON client refresh the session once (shared with every other call)
 * and tries again.
 */
export async function authorizedFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const send = async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), UPLOAD_TIMEOUT_MS);
    const token = getAccessToken();
    try {
      return await fetch(`${apiConfig.baseUrl}${path}`, {
        ...init,
        signal: controller.signal,
        headers: {
          'Accept-Language': apiHeaders()['Accept-Language'] ?? 'ru',
          ...(init.headers as Record<string, string>),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
      });
    } catch (error) {
      if (controller.signal.aborted) throw new ApiError(apiMessage('timeout'), 0, 'TIMEOUT');
      throw new ApiError(apiMessage('network'), 0, 'NETWORK_ERROR', String(error));
    } finally {
      clearTimeout(timer);
    }
  };
  const first = await send();
  if (first.status !== 401) return first;
  try {
    await apiRequest('/auth/me');
  } catch {
    return first;
  }
  return send();
}

/** The ApiError an answer carries (its message in the UI language), else `fallback`. */
export async function responseError(response: Response, fallback?: string): Promise<ApiError> {
  type ErrorBody = { error?: string; message?: string; code?: string };
  let body: ErrorBody | null = null;
  try {
    body = (await response.json()) as ErrorBody;
  } catch {
    // not JSON
  }
  const said = Boolean(body?.error || body?.message);
  const message = said || !fallback ? errorMessageOf(body, response) : fallback;
  return new ApiError(message, response.status, body?.code);
}
