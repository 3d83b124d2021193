import { Download, LoaderCircle, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { trackButtonClick } from '../../../lib/analytics.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { withWait } from '../../auth/index.ts';
import { downloadMyData, saveFile } from '../api/download-my-data.ts';
import { formatBytes } from '../format.ts';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

type DownloadState = { status: 'idle' } | { status: 'running'; received: number } | { status: 'done' };

function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 429)
    return withWait(error.message, error.retryAfterSeconds);
  return error instanceof Error ? error.message : 'Your data could not be downloaded';
}

/** Download my data (a zip made on the server) and Delete account. */
export function YourData({ email }: { email: string }) {
  const [download, setDownload] = useState<DownloadState>({ status: 'idle' });
  const [deleting, setDeleting] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);

  async function start() {
    trackButtonClick('download_my_data');
    setDownload({ status: 'running', received: 0 });
    try {
      const archive = await downloadMyData((received) => setDownload({ status: 'running', received }));
      saveFile(archive);
      setDownload({ status: 'done' });
    } catch (error) {
      setDownload({ status: 'idle' });
      toast.error(failureText(error));
    }
  }

  const running = download.status === 'running';
  return (
    <SettingsSection title="Your data" description="Take a copy of your data, or erase your account.">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h3 className="text-sm font-medium">Download my data</h3>
          <p className="text-sm text-muted-foreground">
            A zip with everything we hold about you as JSON, plus your photos and videos.
          </p>
          <p aria-live="polite" className="mt-1 text-xs text-muted-foreground">
            {running
              ? `Preparing your archive… ${download.received > 0 ? `${formatBytes(download.received)} received` : ''}`
              : download.status === 'done'
                ? 'Your archive was downloaded.'
                : ''}
          </p>
        </div>
        <Button
          variant="outline"
          className="shrink-0"
          disabled={running}
          aria-busy={running || undefined}
          onClick={() => void start()}
        >
          {running ? (
            <LoaderCircle aria-hidden="true" className="animate-spin" />
          ) : (
            <Download aria-hidden="true" />
          )}
          {running ? 'Preparing…' : 'Download my data'}
        </Button>
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
