import { queryOptions, useQuery } from '@tanstack/react-query';
import { type EmailChangeStatus, emailChangeStatusSchema } from '#common/schemas/safety.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/me/email: the address in use, and the change waiting for its code (if any). */
export async function getEmailChange(signal?: AbortSignal): Promise<EmailChangeStatus> {
  return emailChangeStatusSchema.parse(await api.get('/me/email', { signal }));
}

export const emailChangeKey = ['account', 'email'] as const;

export const emailChangeQueryOptions = queryOptions({
  queryKey: emailChangeKey,
  queryFn: ({ signal }) => getEmailChange(signal),
});

export function useEmailChange() {
  return useQuery(emailChangeQueryOptions);
}
