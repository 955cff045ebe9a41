import {
  AVATAR_EXTENSIONS,
  AVATAR_MAX_BYTES,
  type AvatarInfo,
  AvatarMessages,
  type AvatarUploadResult,
  type MessageKey,
} from '@p2p/shared';
import { ApiError, apiMessage, apiRequest } from '@/lib/api';
import { authorizedFetch, responseError } from '@/lib/authorized-fetch';

const TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * The checks before anything is sent: type, size, extension. The server checks
 * the bytes again (a renamed file passes here and is refused there). Null when fine, else
 * the refusal's catalogue key (localized by the caller).
 */
export function checkAvatarFile(file: Pick<File, 'name' | 'type' | 'size'>): MessageKey | null {
  if (!TYPES.includes(file.type)) return AvatarMessages.type;
  if (file.size > AVATAR_MAX_BYTES) return AvatarMessages.size;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(AVATAR_EXTENSIONS as readonly string[]).includes(extension)) return AvatarMessages.extension;
  return null;
}

export const avatarApi = {
  /** POST /users/avatar, multipart field `avatar` -> data.avatarUrl and the updated user. */
  upload: async (file: File): Promise<AvatarUploadResult> => {
    const form = new FormData();
    form.append('avatar', file, file.name);
    const response = await authorizedFetch('/users/avatar', { method: 'POST', body: form });
    if (!response.ok) throw await responseError(response, apiMessage('uploadFailed'));
    const body = (await response.json().catch(() => null)) as { data?: AvatarUploadResult } | null;
    if (!body?.data) throw new ApiError(apiMessage('badResponse'), response.status, 'BAD_RESPONSE');
    return body.data;
  },
  remove: () => apiRequest<AvatarInfo>('/users/avatar', { method: 'DELETE' }),
  info: () => apiRequest<AvatarInfo>('/users/avatar/info'),
};
