import { createApiClient } from '@/lib/api';
import { adminTokens } from './admin-storage';

/**
 * The back office's own client: staff tokens, `/admin/auth/refresh` on a 401, and a failed
 * refresh signs the staff member out without touching the user session.
 */
export const adminRequest = createApiClient({
  getAccessToken: adminTokens.getAccessToken,
  getRefreshToken: adminTokens.getRefreshToken,
  saveTokens: adminTokens.saveTokens,
  clear: adminTokens.clear,
  refreshPath: '/admin/auth/refresh',
});
