import { type FormEvent, useState } from 'react';
import { twoFactorMessages } from '#common/schemas/two-factor.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { api } from '../../../lib/api-client.ts';
import { settleSecondFactor, useSecondFactorPrompt } from '../../../lib/second-factor.ts';
import { SubmitButton } from './submit-button.tsx';
import { TextField } from './text-field.tsx';

function ConfirmForm() {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      setError(twoFactorMessages.codeRequired);
      return;
    }
    setPending(true);
    try {
      await api.post('/me/two-factor/confirm', { code });
      settleSecondFactor(true);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Could not check the code');
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
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
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={() => settleSecondFactor(false)}>
          Cancel
        </Button>
        <SubmitButton pending={pending} pendingLabel="Checking…">
          Confirm
        </SubmitButton>
      </div>
    </form>
  );
}

/**
 * "Confirm it is you", opened by the API client when a sensitive action needs the second factor
 * (web/lib/second-factor.ts); the action goes on once the code is confirmed.
 */
export function SecondFactorDialog() {
  const open = useSecondFactorPrompt();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && settleSecondFactor(false)}>
      <DialogContent>
        <DialogTitle>Confirm it is you</DialogTitle>
        <DialogDescription>
          This needs your second step: enter the 6-digit code your authenticator app shows, or a recovery
          code.
        </DialogDescription>
        {open ? <ConfirmForm /> : null}
      </DialogContent>
    </Dialog>
  );
}
