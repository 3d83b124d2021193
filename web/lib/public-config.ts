import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '#common/schemas/public-config.ts';
import { tipDefaults } from '#common/tips.ts';
import { api } from './api-client.ts';

/**
 * GET /api/config: what the server lets the browser know. Checked by hand rather than with the zod
 * schema so zod stays out of the first page's JavaScript.
 */
export async function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  const body = await api.get('/config', { signal });
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return {
    siteName: typeof record.siteName === 'string' ? record.siteName : 'Fanplace',
    publicUrl: typeof record.publicUrl === 'string' ? record.publicUrl : window.location.origin,
    gaMeasurementId:
      typeof record.gaMeasurementId === 'string' && record.gaMeasurementId !== ''
        ? record.gaMeasurementId
        : null,
    googleSignIn: record.googleSignIn === true,
    tips: tipLimitsOf(record.tips),
  };
}

function tipLimitsOf(value: unknown): PublicConfig['tips'] {
  const limits = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const cents = (field: unknown, fallback: number) =>
    typeof field === 'number' && Number.isSafeInteger(field) && field > 0 ? field : fallback;
  return {
    minCents: cents(limits.minCents, tipDefaults.minCents),
    maxCents: cents(limits.maxCents, tipDefaults.maxCents),
  };
}

export const publicConfigQueryOptions = queryOptions({
  queryKey: ['public-config'],
  queryFn: ({ signal }) => getPublicConfig(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
