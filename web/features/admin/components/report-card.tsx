import { Ban, CheckCheck, ExternalLink, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ReportView } from '#common/schemas/safety.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatShortDate as formatDate } from '../../../lib/format.ts';
import { reportReasonLabels, reportTargetLabels } from '../../safety/index.ts';
import { AgeBadge } from './age-badge.tsx';
import { type ResolveChoice, ResolveReportDialog } from './resolve-report-dialog.tsx';

export const REPORT_GOAL_DAYS = 7;
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** One report: what was reported and why, whose it is, how long it has waited, and what can be done. */
export function ReportCard({ report }: { report: ReportView }) {
  const [choice, setChoice] = useState<ResolveChoice | null>(null);
  const noun = reportTargetLabels[report.targetType];
  const target = report.target;
  const owner = target?.owner ?? null;
  const titleId = `report-${report.id}`;
  const details = [
    {
      term: 'Owner',
      value: owner ? (
        <>
          {owner.name || 'No name given'} · {owner.email}
          {owner.suspended ? (
            <Badge variant="outline" className="ml-2 border-destructive text-destructive">
              Suspended
            </Badge>
          ) : null}
        </>
      ) : (
        'Account deleted'
      ),
    },
    { term: 'Reported by', value: report.reporter?.email ?? 'Account deleted' },
    { term: 'Details', value: report.details || 'None given' },
    { term: 'Reported', value: formatDate(report.createdAt) },
    ...(report.status === 'resolved'
      ? [
          { term: 'Resolution', value: report.resolution ?? '' },
          { term: 'Resolved', value: report.resolvedAt ? formatDate(report.resolvedAt) : '' },
        ]
      : []),
  ];

  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-2xl border border-border p-4 sm:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={titleId} className="font-heading font-semibold">
          {capitalised(noun)} reported: {reportReasonLabels[report.reason]}
        </h2>
        {report.status === 'open' ? (
          <AgeBadge ageDays={report.ageDays} goalDays={REPORT_GOAL_DAYS} goal="7-day" />
        ) : (
          <Badge variant="secondary">Resolved</Badge>
        )}
      </header>
      <figure className="flex flex-col gap-2 rounded-lg bg-muted/60 p-3">
        <figcaption className="text-xs font-medium text-muted-foreground uppercase">
          Reported {noun}
        </figcaption>
        <blockquote className="line-clamp-6 text-sm break-words whitespace-pre-line">
          {target && !target.removed ? target.summary : <em className="text-muted-foreground">Removed</em>}
        </blockquote>
        {target?.link && !target.removed ? (
          <Link
            to={target.link}
            className="inline-flex items-center gap-1 self-start text-sm text-primary underline-offset-2 hover:underline"
          >
            <ExternalLink aria-hidden="true" className="size-3.5" />
            View the {noun === 'post' ? 'creator page' : noun}
          </Link>
        ) : null}
      </figure>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {details.map(({ term, value }) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {report.status === 'open' ? (
        <div className="flex flex-wrap gap-2">
          {target && !target.removed ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => setChoice({ removeContent: true, suspendAccount: false })}
            >
              <Trash2 aria-hidden="true" />
              Remove {noun}
            </Button>
          ) : null}
          {owner && !owner.suspended ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => setChoice({ removeContent: false, suspendAccount: true })}
            >
              <Ban aria-hidden="true" />
              Suspend account
            </Button>
          ) : null}
          <Button size="sm" onClick={() => setChoice({ removeContent: false, suspendAccount: false })}>
            <CheckCheck aria-hidden="true" />
            Resolve
          </Button>
        </div>
      ) : null}
      {choice ? (
        <ResolveReportDialog
          report={report}
          initial={choice}
          open
          onOpenChange={(open) => {
            if (!open) setChoice(null);
          }}
        />
      ) : null}
    </article>
  );
}
