import { type FormEvent, useState } from 'react';
import { twoFactorMessages } from '#common/schemas/two-factor.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useTwoFactorSignIn } from '../api/two-factor-sign-in.ts';
import type { AfterSignIn } from '../sign-in-flow.ts';
import { SubmitButton } from './submit-button.tsx';
import { TextField } from './text-field.tsx';

interface TwoFactorStepProps {
  challenge: string;
  onSignedIn: (result: AfterSignIn) => void;
  /** The challenge expired or ran out of tries: back to the first step. */
  onRestart: () => void;
}

/** The second step of sign-in: a code from the authenticator app, or a recovery code. */
export function TwoFactorStep({ challenge, onSignedIn, onRestart }: TwoFactorStepProps) {
  const verify = useTwoFactorSignIn();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      setError(twoFactorMessages.codeRequired);
      return;
    }
    try {
      onSignedIn(await verify.mutateAsync({ challenge, code }));
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401) {
        onRestart();
        return;
      }
      setError(failure instanceof Error ? failure.message : 'Could not check the code');
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid gap-4"
      aria-label="Two-step sign-in"
    >
      <p className="text-sm text-muted-foreground">
        Two-step sign-in is on for this account. Enter the 6-digit code your authenticator app shows, or one
        of your recovery codes.
      </p>
      <TextField
        label="Authentication code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        value={code}
        error={error}
        onChange={(event) => {
          setCode(event.target.value);
          setError(undefined);
        }}
      />
      <SubmitButton pending={verify.isPending} pendingLabel="Checking…" className="w-full">
        Verify
      </SubmitButton>
      <button
        type="button"
        onClick={onRestart}
        className="justify-self-center rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        Use another account
      </button>
    </form>
  );
}
