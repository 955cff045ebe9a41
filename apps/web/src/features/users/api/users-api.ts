import type { PublicProfile } from '@p2p/shared';
import { apiRequest } from '@/lib/api';

export const usersApi = {
  publicProfile: (id: string) =>
    apiRequest<PublicProfile>(`/users/${encodeURIComponent(id)}`, { auth: false }),
};
