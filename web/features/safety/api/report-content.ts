import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { ReportInput } from '#common/schemas/safety.ts';
import { api } from '../../../lib/api-client.ts';

const reportedSchema = z.object({ id: z.string(), message: z.string() });

/** POST /api/reports: a post, a creator profile or a message, with a reason. */
export async function reportContent(input: ReportInput): Promise<z.infer<typeof reportedSchema>> {
  return reportedSchema.parse(await api.post('/reports', input));
}

export function useReportContent() {
  return useMutation({ mutationFn: reportContent });
}
