import { ApiError, apiConfig, apiHeaders, apiMessage, apiRequest, errorMessageOf } from '@/lib/api';
import { getAccessToken } from '@/lib/storage';

const UPLOAD_TIMEOUT_MS = 60_000;

/**
 * A raw authorised request (multipart upload, image bytes) that the JSON client cannot make.
 * On 401 it lets the JSON client refresh the session once (shared with every other call)
 * and tries again.
 */
async function authorizedFetch(path: string, init: RequestInit = {}): Promise<Response> {
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

async function errorOf(response: Response, fallback?: string): Promise<ApiError> {
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

export interface ProofUploadResult {
  url: string;
  fileSize: number;
  processedSize: number;
}

/** POST /trades/{id}/payment-proof, multipart field `proof` (spec 2 §7). */
export async function uploadPaymentProof(tradeId: string, file: File): Promise<ProofUploadResult> {
  const form = new FormData();
  form.append('proof', file, file.name);
  const response = await authorizedFetch(`/trades/${encodeURIComponent(tradeId)}/payment-proof`, {
    method: 'POST',
    body: form,
  });
  if (!response.ok) throw await errorOf(response, apiMessage('uploadFailed'));
  const body = (await response.json()) as { data?: ProofUploadResult };
  if (!body.data) throw new ApiError(apiMessage('badResponse'), response.status, 'BAD_RESPONSE');
  return body.data;
}

/**
 * Receipt bytes as an object URL: receipts are served only with the bearer token, so an
 * <img src> cannot load them directly. The caller revokes the URL.
 */
export async function fetchReceiptUrl(url: string): Promise<string> {
  const apiPath = url.startsWith(apiConfig.baseUrl) ? url.slice(apiConfig.baseUrl.length) : url;
  const response = await authorizedFetch(apiPath);
  if (!response.ok) throw await errorOf(response);
  return URL.createObjectURL(await response.blob());
}
