import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type ReportView, reportViewSchema, type resolveReportSchema } from '#common/schemas/safety.ts';
import { api } from '../../../lib/api-client.ts';
import { reportsKey } from './get-reports.ts';

export type ResolveReportInput = z.input<typeof resolveReportSchema>;

/** POST /api/admin/reports/:id/resolve, optionally removing the content and suspending its owner. */
export async function resolveReport({
  reportId,
  ...decision
}: ResolveReportInput & { reportId: string }): Promise<ReportView> {
  const body = await api.post(`/admin/reports/${encodeURIComponent(reportId)}/resolve`, decision);
  return reportViewSchema.parse(body);
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveReport,
    // Removed content and suspended accounts change other reports' cards and public pages too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reportsKey }),
        queryClient.invalidateQueries({ queryKey: ['creators'] }),
        queryClient.invalidateQueries({ queryKey: ['posts'] }),
      ]),
  });
}
