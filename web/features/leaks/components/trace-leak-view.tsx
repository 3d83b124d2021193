import { CircleCheck, CircleHelp, LoaderCircle, ScanSearch, Upload } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import {
  LEAK_COPY_MAX_BYTES,
  LEAK_RECORDING_MAX_BYTES,
  leakMessages,
  type TraceResult,
} from '#common/schemas/leaks.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { openAuthModal } from '../../../lib/auth-modal.ts';
import { useSession } from '../../../lib/session.ts';
import { useTraceLeak } from '../api/trace-leak.ts';
import { OpenTakedown, TakedownList } from './takedowns.tsx';

const ACCEPTED = 'image/jpeg,image/png,image/webp,video/mp4,video/quicktime,video/webm';

function Outcome({ result }: { result: TraceResult }) {
  const found = result.outcome === 'found';
  return (
    <section
      aria-label="What the trace found"
      className="flex flex-col gap-4 rounded-2xl border border-border p-4 sm:flex-row sm:items-start"
    >
      {result.media?.thumbnailUrl ? (
        <img
          src={result.media.thumbnailUrl}
          alt="The original the copy matches"
          className="aspect-square w-28 shrink-0 rounded-lg object-cover"
        />
      ) : null}
      <div className="flex min-w-0 flex-col gap-2">
        <p className="flex items-start gap-2 font-medium" role="status">
          {found ? (
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          ) : (
            <CircleHelp aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          )}
          {result.message}
        </p>
        {result.delivery ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Account</dt>
            <dd>
              {result.delivery.viewer.name}
              {result.delivery.viewer.suspended ? ' (suspended)' : ''}
            </dd>
            <dt className="text-muted-foreground">Mark strength</dt>
            <dd>{result.delivery.confidence} (8 or more names an account)</dd>
          </dl>
        ) : null}
        {found ? (
          <p className="text-sm text-muted-foreground">
            Keep the copy and where you found it. You can report the account to us from their profile.
          </p>
        ) : null}
      </div>
    </section>
  );
}

/**
 * Trace a leak: a creator (or an admin) picks a copy of a photo found elsewhere; the server says
 * which of their photos it is and which account it was delivered to, from the invisible mark.
 */
export function TraceLeakView() {
  const session = useSession();
  if (!session)
    return (
      <div className="flex flex-col items-start gap-3 rounded-2xl border border-border p-4">
        <p className="text-sm text-muted-foreground">Sign in with your creator account to trace a copy.</p>
        <Button onClick={() => openAuthModal('signin')}>Sign in</Button>
      </div>
    );
  return <SignedInTraceLeakView />;
}

function SignedInTraceLeakView() {
  const trace = useTraceLeak();
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setProblem(leakMessages.fileRequired);
      input.current?.focus();
      return;
    }
    if (file.size > (file.type.startsWith('video/') ? LEAK_RECORDING_MAX_BYTES : LEAK_COPY_MAX_BYTES)) {
      setProblem(leakMessages.tooLarge);
      return;
    }
    setProblem(null);
    trace.mutate(file, {
      onError: (error) =>
        setProblem(
          error instanceof ApiError && error.status < 500
            ? error.message
            : 'The copy could not be traced. Please try again.',
        ),
    });
  }

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={submit} className="flex flex-col gap-4 rounded-2xl border border-border p-4" noValidate>
        <div className="flex flex-col gap-2">
          <label htmlFor={inputId} className="font-medium">
            The copy you found
          </label>
          <p className="text-sm text-muted-foreground">
            A screenshot or a saved file of one of your photos, as it appears where you found it (JPEG, PNG or
            WebP, at most 20 MB), or a recording of one of your videos made with recording marks (MP4, MOV or
            WebM, a minute or more, at most 200 MB). Every photo a fan opens carries an invisible mark naming
            them.
          </p>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={ACCEPTED}
            aria-describedby={problem ? errorId : undefined}
            aria-invalid={problem ? true : undefined}
            className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setProblem(null);
              trace.reset();
            }}
          />
          {problem ? (
            <p id={errorId} role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          ) : null}
        </div>
        <div>
          <Button type="submit" disabled={trace.isPending} aria-busy={trace.isPending || undefined}>
            {trace.isPending ? (
              <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
            ) : file ? (
              <ScanSearch aria-hidden="true" />
            ) : (
              <Upload aria-hidden="true" />
            )}
            {trace.isPending ? 'Looking for the mark…' : 'Trace this copy'}
          </Button>
        </div>
      </form>
      {trace.data ? <Outcome result={trace.data} /> : null}
      {trace.data?.media ? (
        <OpenTakedown
          key={`${trace.data.media.id}-${trace.data.delivery?.id ?? 'none'}`}
          mediaId={trace.data.media.id}
          deliveryId={trace.data.delivery?.id ?? null}
        />
      ) : null}
      <TakedownList />
    </div>
  );
}
