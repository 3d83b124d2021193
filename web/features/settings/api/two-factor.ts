import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type TwoFactorEnabled,
  type TwoFactorSetup,
  type TwoFactorStatus,
  twoFactorEnabledSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '#common/schemas/two-factor.ts';
import { api } from '../../../lib/api-client.ts';

export const twoFactorKey = ['account', 'two-factor'] as const;

/** GET /api/me/two-factor */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: twoFactorKey,
    queryFn: async ({ signal }): Promise<TwoFactorStatus> =>
      twoFactorStatusSchema.parse(await api.get('/me/two-factor', { signal })),
  });
}

/** POST /api/me/two-factor/setup: a secret and its QR code; nothing changes until enable. */
export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: async (): Promise<TwoFactorSetup> =>
      twoFactorSetupSchema.parse(await api.post('/me/two-factor/setup')),
  });
}

/** POST /api/me/two-factor/enable: the first code turns it on; answers the recovery codes once. */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string): Promise<TwoFactorEnabled> =>
      twoFactorEnabledSchema.parse(await api.post('/me/two-factor/enable', { code })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKey }),
  });
}

/** DELETE /api/me/two-factor (the API client asks for a code first when needed). */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<string> => {
      const body = (await api.delete('/me/two-factor')) as { message?: string };
      return body.message ?? 'Two-step sign-in is off';
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKey }),
  });
}
