import { Copy } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  type Takedown,
  type TakedownStatus,
  takedownMessages,
  takedownStatuses,
} from '#common/schemas/leaks.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatLongDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useOpenTakedown, useSetTakedownStatus, useTakedowns } from '../api/takedowns.ts';

const statusLabels: Record<TakedownStatus, string> = {
  open: 'Not sent yet',
  sent: 'Sent to the host',
  removed: 'Removed',
  refused: 'Refused',
};

/** The notice to send, with a button that copies it. */
function Notice({ takedown }: { takedown: Takedown }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={id} className="text-sm font-medium">
          Notice to send to the host
        </p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() =>
            void navigator.clipboard
              .writeText(takedown.notice)
              .then(() => toast.success('Notice copied'))
              .catch(() => toast.error('The notice could not be copied: select it and copy it by hand.'))
          }
        >
          <Copy aria-hidden="true" />
          Copy notice
        </Button>
      </div>
      <textarea
        aria-labelledby={id}
        readOnly
        value={takedown.notice}
        rows={10}
        className="w-full rounded-md border border-input bg-muted/40 p-3 font-mono text-xs"
      />
    </div>
  );
}

/** From a trace's answer: where the copy was found, and the takedown opened with its notice. */
export function OpenTakedown({ mediaId, deliveryId }: { mediaId: string; deliveryId: string | null }) {
  const open = useOpenTakedown();
  const inputId = useId();
  const errorId = useId();
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^https?:\/\/\S+\.\S+/.test(url.trim())) {
      setProblem(takedownMessages.urlInvalid);
      return;
    }
    setProblem(null);
    open.mutate(
      { mediaId, foundUrl: url.trim(), ...(deliveryId ? { deliveryId } : {}) },
      {
        onError: (error) =>
          setProblem(
            error instanceof ApiError && error.status < 500
              ? error.message
              : 'The takedown could not be opened.',
          ),
      },
    );
  }

  if (open.data)
    return (
      <div className="flex flex-col gap-3 rounded-2xl border border-border p-4">
        <p role="status" className="font-medium">
          Takedown opened. Send the notice to the site where you found the copy, then mark it as sent below.
        </p>
        <Notice takedown={open.data} />
      </div>
    );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-2xl border border-border p-4">
      <label htmlFor={inputId} className="font-medium">
        Where did you find it?
      </label>
      <Input
        id={inputId}
        type="url"
        inputMode="url"
        placeholder="https://"
        value={url}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        onChange={(event) => {
          setUrl(event.target.value);
          setProblem(null);
        }}
      />
      {problem ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={open.isPending}>
          {open.isPending ? 'Opening…' : 'Open a takedown'}
        </Button>
      </div>
    </form>
  );
}

/** The creator's takedowns and where each stands. */
export function TakedownList() {
  const takedowns = useTakedowns();
  const setStatus = useSetTakedownStatus();
  if (takedowns.isPending) return <Skeleton className="h-24 rounded-2xl" />;
  if (takedowns.isError)
    return <p className="text-sm text-muted-foreground">Your takedowns could not be loaded.</p>;
  const items = takedowns.data.items;
  return (
    <section aria-labelledby="takedowns-heading" className="flex flex-col gap-3">
      <h2 id="takedowns-heading" className="font-heading text-lg font-semibold">
        Your takedowns
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">None yet. Trace a copy above to open one.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Your takedowns">
          {items.map((takedown) => (
            <li key={takedown.id} className="flex flex-col gap-2 rounded-2xl border border-border p-4">
              <p className="break-all text-sm font-medium">{takedown.foundUrl}</p>
              <p className="text-sm text-muted-foreground">
                Opened {formatLongDate(takedown.createdAt)}
                {takedown.tracedAccount
                  ? ` · traced to ${takedown.tracedAccount.name}${takedown.tracedAccount.suspended ? ' (suspended)' : ''}`
                  : ''}
              </p>
              <div className="flex flex-col gap-1 text-sm sm:max-w-xs">
                <label htmlFor={`status-${takedown.id}`} className="text-muted-foreground">
                  Where it stands
                </label>
                <NativeSelect
                  id={`status-${takedown.id}`}
                  value={takedown.status}
                  disabled={setStatus.isPending}
                  onChange={(event) =>
                    setStatus.mutate(
                      { id: takedown.id, status: event.target.value as TakedownStatus },
                      { onError: () => toast.error('The state could not be saved. Please try again.') },
                    )
                  }
                >
                  {takedownStatuses.map((status) => (
                    <option key={status} value={status}>
                      {statusLabels[status]}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <details>
                <summary className="cursor-pointer text-sm">Show the notice</summary>
                <div className="mt-2">
                  <Notice takedown={takedown} />
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
