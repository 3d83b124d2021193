import { LoaderCircle } from 'lucide-react';
import { postMessages } from '#common/schemas/posts.ts';
import { Button } from '../../../components/ui/button.tsx';
import type { PublishPhase } from '../use-publish-post.ts';

interface UploadStatusProps {
  phase: PublishPhase;
  progress: number;
  hasFile: boolean;
  onCancel: () => void;
}

/** The file's real progress while it is sent (from the upload's own events), then the publishing step. */
export function UploadStatus({ phase, progress, hasFile, onCancel }: UploadStatusProps) {
  if (phase !== 'uploading' && phase !== 'publishing') return null;
  const uploading = phase === 'uploading';
  return (
    <div className="grid gap-2 rounded-xl border border-border bg-muted/40 p-3">
      <div className="flex items-center gap-2 text-sm">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-primary" />
        <span className="flex-1 font-medium" aria-live="polite">
          {uploading ? postMessages.uploading : 'Publishing your post…'}
        </span>
        {uploading ? (
          <Button variant="ghost" size="sm" className="h-7" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
      {hasFile ? (
        <div className="flex items-center gap-3 text-xs text-muted-foreground">
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width] duration-200"
              style={{ width: `${progress}%` }}
            />
          </div>
          <span className="w-10 text-right tabular-nums">{progress}%</span>
        </div>
      ) : null}
    </div>
  );
}
