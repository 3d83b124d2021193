import { Inbox } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { reportStatuses } from '#common/schemas/safety.ts';
import { AdminGate, AdminOnlyState } from '../../../components/admin-gate.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { type ReportStatus, useReports } from '../api/get-reports.ts';
import { ListError, ListLoading, LoadMore } from './admin-states.tsx';
import { ReportCard } from './report-card.tsx';
import { StatusToggle } from './status-toggle.tsx';

const labels: Record<ReportStatus, string> = { open: 'Open', resolved: 'Resolved' };
const isStatus = (value: string | null): value is ReportStatus =>
  reportStatuses.some((status) => status === value);
const TASK = 'handle reports';

function ReportList({ status }: { status: ReportStatus }) {
  const reports = useReports(status);
  if (reports.isPending) return <ListLoading label="Loading reports…" />;
  if (reports.isError) {
    if (reports.error instanceof ApiError && reports.error.status === 403)
      return <AdminOnlyState task={TASK} />;
    return <ListError message={reports.error.message} onRetry={() => void reports.refetch()} />;
  }
  const items = reports.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState
        icon={Inbox}
        title={status === 'open' ? 'No open reports' : 'No resolved reports'}
        description={status === 'open' ? 'Every report has been resolved.' : 'Resolved reports appear here.'}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-4">
        {items.map((report) => (
          <li key={report.id}>
            <ReportCard report={report} />
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={reports.hasNextPage}
        loading={reports.isFetchingNextPage}
        onLoad={() => void reports.fetchNextPage()}
      />
    </div>
  );
}

/** The reports queue, oldest first; the status lives in the URL so a filtered list can be shared. */
export function AdminReportsView() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status: ReportStatus = isStatus(requested) ? requested : 'open';

  return (
    <AdminGate task={TASK}>
      <div className="flex flex-col gap-5">
        <StatusToggle
          value={status}
          labels={labels}
          onChange={(next) => setParams(next === 'open' ? {} : { status: next }, { replace: true })}
        />
        <ReportList key={status} status={status} />
      </div>
    </AdminGate>
  );
}
