import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileInput } from '#common/schemas/auth.ts';
import { api } from '../../../lib/api-client.ts';
import { getSession, type SessionUser, setSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { authToasts } from '../toasts.ts';
import { readUser } from './auth-response.ts';

/** POST /api/auth/update-profile: first name, last name, profile image (null removes it). */
export async function updateProfile(input: UpdateProfileInput): Promise<SessionUser> {
  return readUser(await api.post('/auth/update-profile', input));
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      const session = getSession();
      if (session?.user.id === user.id) setSession({ token: session.token, user });
      return queryClient.invalidateQueries({ queryKey: ['auth', 'profile'] });
    },
    onError: () => toast.error(authToasts.profileUpdateFailed),
  });
}
