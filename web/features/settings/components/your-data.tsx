import { Download, LoaderCircle, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import type { DataExport } from '#common/schemas/safety.ts';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { trackButtonClick } from '../../../lib/analytics.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatLongDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { withWait } from '../../auth/index.ts';
import { useDataExport, useRequestDataExport } from '../api/data-export.ts';
import { downloadMyData, saveFile } from '../api/download-my-data.ts';
import { formatBytes } from '../format.ts';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

type DownloadState = { status: 'idle' } | { status: 'running'; received: number } | { status: 'done' };

function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 429)
    return withWait(error.message, error.retryAfterSeconds);
  return error instanceof Error && error.message ? error.message : fallback;
}

/** What the row says under its title, for each state of the latest export. */
function statusText(state: DataExport | undefined, download: DownloadState): string {
  if (download.status === 'running')
    return `Downloading… ${download.received > 0 ? `${formatBytes(download.received)} received` : ''}`.trim();
  if (download.status === 'done') return 'Your archive was downloaded.';
  switch (state?.status) {
    case 'waiting':
      return 'Preparing your data… This can take a few minutes. We will email you when it is ready; you can leave this page.';
    case 'ready':
      return `Ready: ${formatBytes(state.size ?? 0)}, available until ${formatLongDate(state.expiresAt)}.`;
    default:
      return '';
  }
}

/** Download my data (a zip made on the server in the background) and Delete account. */
export function YourData({ email }: { email: string }) {
  const current = useDataExport();
  const request = useRequestDataExport();
  const [download, setDownload] = useState<DownloadState>({ status: 'idle' });
  const [requestError, setRequestError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const state = current.data;

  function ask() {
    trackButtonClick('request_my_data');
    setRequestError(null);
    setDownload({ status: 'idle' });
    request.mutate(undefined, {
      onError: (error) => {
        const text = failureText(error, 'Your data could not be requested. Please try again');
        setRequestError(text);
        toast.error(text);
      },
    });
  }

  async function save(exportId: string) {
    trackButtonClick('download_my_data');
    setDownload({ status: 'running', received: 0 });
    try {
      const archive = await downloadMyData(exportId, (received) =>
        setDownload({ status: 'running', received }),
      );
      saveFile(archive);
      setDownload({ status: 'done' });
    } catch (error) {
      setDownload({ status: 'idle' });
      // Gone meanwhile (expired or removed): what the server holds now is shown instead.
      void current.refetch();
      toast.error(failureText(error, 'Your data could not be downloaded'));
    }
  }

  const downloading = download.status === 'running';
  const waiting = state?.status === 'waiting' || request.isPending;
  const error =
    requestError ??
    (state?.status === 'failed'
      ? (state.reason ?? 'Your data could not be prepared. Please ask again')
      : null) ??
    (current.isError ? 'We could not check your data. Please reload the page' : null);

  return (
    <SettingsSection title="Your data" description="Take a copy of your data, or erase your account.">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h3 className="text-sm font-medium">Download my data</h3>
          <p className="text-sm text-muted-foreground">
            A zip with everything we hold about you as JSON, plus your photos and videos. We prepare it in the
            background and email you when it is ready; it is kept for 7 days.
          </p>
          <p aria-live="polite" className="mt-1 text-xs text-muted-foreground">
            {request.isPending ? 'Asking for your data…' : statusText(state, download)}
          </p>
          {error ? (
            <p role="alert" className="mt-1 text-xs text-destructive">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex w-full shrink-0 flex-col gap-2 sm:w-auto sm:flex-row">
          {state?.status === 'ready' && state.id ? (
            <>
              <Button
                className="w-full sm:w-auto"
                disabled={downloading}
                aria-busy={downloading || undefined}
                onClick={() => void save(state.id as string)}
              >
                {downloading ? (
                  <LoaderCircle aria-hidden="true" className="animate-spin" />
                ) : (
                  <Download aria-hidden="true" />
                )}
                {`Download (${formatBytes(state.size ?? 0)})`}
              </Button>
              <Button variant="ghost" className="w-full sm:w-auto" disabled={downloading} onClick={ask}>
                Request a new copy
              </Button>
            </>
          ) : (
            <Button
              variant="outline"
              className="w-full sm:w-auto"
              disabled={waiting || current.isPending}
              aria-busy={waiting || undefined}
              onClick={ask}
            >
              {waiting ? (
                <LoaderCircle aria-hidden="true" className="animate-spin" />
              ) : (
                <Download aria-hidden="true" />
              )}
              {waiting
                ? 'Preparing your data…'
                : state?.status === 'failed'
                  ? 'Try again'
                  : 'Request my data'}
            </Button>
          )}
        </div>
      </div>
      <div className="flex flex-col gap-3 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h3 className="text-sm font-medium text-destructive">Delete account</h3>
          <p className="text-sm text-muted-foreground">
            Removes your account, profile, posts, media and messages for good.
          </p>
        </div>
        <Button
          ref={deleteButton}
          variant="destructive"
          className="shrink-0"
          onClick={() => setDeleting(true)}
        >
          <Trash2 aria-hidden="true" />
          Delete account
        </Button>
      </div>
      {deleting ? (
        <DeleteAccountDialog
          email={email}
          onClose={() => {
            setDeleting(false);
            // After the dialog's own focus handling: back to the button that opened it.
            requestAnimationFrame(() => deleteButton.current?.focus());
          }}
        />
      ) : null}
    </SettingsSection>
  );
}
