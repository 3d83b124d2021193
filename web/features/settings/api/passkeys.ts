import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Passkey, passkeyListSchema, passkeySchema } from '#common/schemas/passkeys.ts';
import { api } from '../../../lib/api-client.ts';

export const passkeysKey = ['account', 'passkeys'] as const;

/** GET /api/me/passkeys */
export function usePasskeys() {
  return useQuery({
    queryKey: passkeysKey,
    queryFn: async ({ signal }): Promise<Passkey[]> =>
      passkeyListSchema.parse(await api.get('/me/passkeys', { signal })).items,
  });
}

/** Options from the server, the browser's passkey prompt, then POST /api/me/passkeys with the name. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string): Promise<Passkey> => {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const optionsJSON = (await api.post('/me/passkeys/options')) as Parameters<
        typeof startRegistration
      >[0]['optionsJSON'];
      const response = await startRegistration({ optionsJSON });
      return passkeySchema.parse(await api.post('/me/passkeys', { name, response }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }): Promise<Passkey> =>
      passkeySchema.parse(await api.patch(`/me/passkeys/${encodeURIComponent(id)}`, { name })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => api.delete(`/me/passkeys/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}
