import { KeyRound, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { Passkey } from '#common/schemas/passkeys.ts';
import { passkeyMessages } from '#common/schemas/passkeys.ts';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatLongDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import {
  isIpAddress,
  PASSKEYS_NEED_DOMAIN,
  passkeyFailureText,
  SubmitButton,
  TextField,
} from '../../auth/index.ts';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api/passkeys.ts';

/** A browser's refusal (the prompt was closed) reads better than its DOMException text. */
function errorText(error: unknown): string {
  if (!(error instanceof Error)) return 'Request failed';
  return passkeyFailureText(error) ?? 'The passkey prompt was closed';
}

/** A name for the passkey: required, at most 60 characters (the server says the same). */
function NameForm({
  initial,
  label,
  pending,
  onSubmit,
  onCancel,
}: {
  initial: string;
  label: string;
  pending: boolean;
  onSubmit: (name: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(passkeyMessages.nameRequired);
    if (trimmed.length > 60) return setError(passkeyMessages.nameTooLong);
    try {
      await onSubmit(trimmed);
    } catch (failure) {
      setError(errorText(failure));
    }
  }
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-3">
      <TextField
        label="Passkey name"
        value={name}
        error={error}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton pending={pending} pendingLabel="Saving…">
          {label}
        </SubmitButton>
      </div>
    </form>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [editing, setEditing] = useState(false);
  if (editing)
    return (
      <li className="py-3">
        <NameForm
          initial={passkey.name}
          label="Save"
          pending={rename.isPending}
          onCancel={() => setEditing(false)}
          onSubmit={async (name) => {
            await rename.mutateAsync({ id: passkey.id, name });
            toast.success(passkeyMessages.renamed);
            setEditing(false);
          }}
        />
      </li>
    );
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <KeyRound aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{passkey.name}</p>
        <p className="text-xs text-muted-foreground">
          Added {formatLongDate(passkey.createdAt)}
          {passkey.lastUsedAt ? ` · last used ${formatLongDate(passkey.lastUsedAt)}` : ' · not used yet'}
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Rename ${passkey.name}`}
        onClick={() => setEditing(true)}
      >
        <Pencil aria-hidden="true" />
        Rename
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={remove.isPending}
        aria-label={`Remove ${passkey.name}`}
        onClick={() =>
          void remove
            .mutateAsync(passkey.id)
            .then(() => toast.success(passkeyMessages.removed))
            .catch((failure: unknown) => toast.error(errorText(failure)))
        }
      >
        <Trash2 aria-hidden="true" />
        Remove
      </Button>
    </li>
  );
}

/** Settings > Account: passkeys, which sign in without a password (and count as two factors). */
export function PasskeysSection() {
  const list = usePasskeys();
  const add = useAddPasskey();
  const [adding, setAdding] = useState(false);
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;
  // Browsers offer no passkeys at an IP address (not even the API over plain http): say why.
  const atIpAddress = typeof window !== 'undefined' && isIpAddress(window.location.hostname);

  let body: React.ReactNode;
  if (list.isPending)
    body = (
      <div role="status" aria-label="Loading passkeys" className="grid gap-2">
        <Skeleton className="h-4 w-2/3" />
      </div>
    );
  else if (list.isError)
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
        {errorText(list.error)}
        <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  else if (list.data.length === 0) body = <p className="text-sm text-muted-foreground">No passkeys yet.</p>;
  else
    body = (
      <ul aria-label="Passkeys" className="divide-y divide-border">
        {list.data.map((passkey) => (
          <PasskeyRow key={passkey.id} passkey={passkey} />
        ))}
      </ul>
    );

  return (
    <SettingsSection
      title="Passkeys"
      description="Sign in with your fingerprint, face or screen lock instead of a password. A passkey is both steps at once."
      aside={
        adding || !supported ? null : (
          <Button onClick={() => setAdding(true)}>
            <KeyRound aria-hidden="true" />
            Add a passkey
          </Button>
        )
      }
    >
      {supported ? null : (
        <p className="text-sm text-muted-foreground">
          {atIpAddress ? PASSKEYS_NEED_DOMAIN : 'This browser does not support passkeys.'}
        </p>
      )}
      {adding ? (
        <NameForm
          initial="My passkey"
          label="Create passkey"
          pending={add.isPending}
          onCancel={() => setAdding(false)}
          onSubmit={async (name) => {
            await add.mutateAsync(name);
            toast.success(passkeyMessages.added);
            setAdding(false);
          }}
        />
      ) : null}
      {body}
    </SettingsSection>
  );
}
