import { Copy, ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { TwoFactorSetup } from '#common/schemas/two-factor.ts';
import { twoFactorMessages } from '#common/schemas/two-factor.ts';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../lib/toast.ts';
import { SubmitButton, TextField } from '../../auth/index.ts';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useStartTwoFactorSetup,
  useTwoFactorStatus,
} from '../api/two-factor.ts';

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Request failed');

/** Scan (or type) the secret, then the first code turns two-step on. */
function SetupForm({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      setError(twoFactorMessages.codeRequired);
      return;
    }
    try {
      const result = await enable.mutateAsync(code);
      toast.success(result.message);
      onEnabled(result.recoveryCodes);
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid gap-4"
      aria-label="Set up two-step sign-in"
    >
      <ol className="grid list-decimal gap-2 pl-5 text-sm">
        <li>Open an authenticator app (Google Authenticator, 1Password, Authy, …).</li>
        <li>Scan this QR code, or type the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-wrap items-center gap-4">
        <img
          src={setup.qrCode}
          alt="QR code to scan with your authenticator app"
          width={176}
          height={176}
          className="rounded-lg border border-border bg-white p-2"
        />
        <div className="grid min-w-0 gap-1">
          <span className="text-xs text-muted-foreground">Key for typing it in</span>
          <code
            data-testid="two-factor-secret"
            className="break-all rounded-md bg-muted px-2 py-1 font-mono text-sm"
          >
            {setup.secret}
          </code>
        </div>
      </div>
      <TextField
        label="Code from the app"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        error={error}
        onChange={(event) => {
          setCode(event.target.value);
          setError(undefined);
        }}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton pending={enable.isPending} pendingLabel="Turning on…">
          Turn on
        </SubmitButton>
      </div>
    </form>
  );
}

/** The recovery codes, shown this once. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success('Recovery codes copied');
    } catch {
      toast.error('Could not copy: select the codes and copy them by hand');
    }
  }
  return (
    <section className="grid gap-4" aria-label="Recovery codes">
      <p className="text-sm">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone.{' '}
        <strong>They are shown only now.</strong>
      </p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-muted px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          Copy codes
        </Button>
        <Button type="button" onClick={onDone}>
          I saved them
        </Button>
      </div>
    </section>
  );
}

/** Settings > Account: two-step sign-in with an authenticator app. */
export function TwoStepSignIn() {
  const status = useTwoFactorStatus();
  const start = useStartTwoFactorSetup();
  const disable = useDisableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  async function begin() {
    try {
      setSetup(await start.mutateAsync());
    } catch (failure) {
      toast.error(errorText(failure));
    }
  }

  async function turnOff() {
    try {
      toast.success(await disable.mutateAsync());
    } catch (failure) {
      toast.error(errorText(failure));
    }
  }

  let body: React.ReactNode;
  if (codes) body = <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  else if (setup)
    body = (
      <SetupForm
        setup={setup}
        onCancel={() => setSetup(null)}
        onEnabled={(recovery) => {
          setSetup(null);
          setCodes(recovery);
        }}
      />
    );
  else if (status.isPending)
    body = (
      <div role="status" aria-label="Loading two-step sign-in" className="grid gap-2">
        <Skeleton className="h-4 w-2/3" />
      </div>
    );
  else if (status.isError)
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
        {errorText(status.error)}
        <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
          Try again
        </Button>
      </div>
    );
  else if (status.data.enabled)
    body = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm">
          Sign-in asks for a code from your authenticator app. {status.data.recoveryCodesLeft} recovery codes
          left.
        </p>
        <Button variant="outline" disabled={disable.isPending} onClick={() => void turnOff()}>
          Turn off
        </Button>
      </div>
    );
  else
    body = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          Add a second step to sign-in: a code from an app on your phone, so a stolen password is not enough.
        </p>
        <Button disabled={start.isPending} onClick={() => void begin()}>
          Set up two-step sign-in
        </Button>
      </div>
    );

  return (
    <SettingsSection
      title="Two-step sign-in"
      description="An authenticator app code at sign-in and before sensitive changes."
      aside={
        status.data?.enabled ? (
          <Badge variant="secondary">
            <ShieldCheck aria-hidden="true" />
            On
          </Badge>
        ) : null
      }
    >
      {body}
    </SettingsSection>
  );
}
