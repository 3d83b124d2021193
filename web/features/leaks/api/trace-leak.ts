import { useMutation } from '@tanstack/react-query';
import { type TraceResult, traceResultSchema } from '#common/schemas/leaks.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/leaks/trace: the copy found elsewhere, as a file; who it was delivered to, if anyone. */
export async function traceLeak(file: File): Promise<TraceResult> {
  const form = new FormData();
  form.append('file', file);
  return traceResultSchema.parse(await api.post('/leaks/trace', form));
}

export function useTraceLeak() {
  return useMutation({ mutationFn: traceLeak });
}
