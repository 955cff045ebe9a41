import type { UserView } from '@p2p/shared';
import { apiRequest } from '@/lib/api';

export const profileApi = {
  /** Welcome dialog: POST /users/display-name -> data.user. */
  setDisplayName: async (name: string) =>
    (
      await apiRequest<{ user: UserView }>('/users/display-name', {
        method: 'POST',
        body: { display_name: name },
      })
    ).user,
  /** Profile edit: PUT /users/profile -> data (the user). */
  updateProfile: (patch: { displayName: string | null; useCustomProfile: boolean }) =>
    apiRequest<UserView>('/users/profile', { method: 'PUT', body: patch }),
};
