import { ApiError, apiConfig, apiMessage } from '@/lib/api';
import { authorizedFetch, responseError as errorOf } from '@/lib/authorized-fetch';

export interface ProofUploadResult {
  url: string;
  fileSize: number;
  processedSize: number;
}

/** POST /trades/{id}/payment-proof, multipart field `proof`. */
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
