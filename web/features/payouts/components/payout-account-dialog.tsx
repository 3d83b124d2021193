import { CircleCheck, LoaderCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  type PayoutSettingsView,
  type ResolvedPayoutAccount,
  resolvePayoutAccountSchema,
  savePayoutAccountSchema,
} from '#common/schemas/payouts.ts';
import { FormField } from '../../../components/form-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { cn } from '../../../lib/utils.ts';
import { PasswordField, SubmitButton } from '../../auth/index.ts';
import { type AccountKind, usePayoutBanks } from '../api/get-payout-banks.ts';
import { useResolvePayoutAccount } from '../api/resolve-payout-account.ts';
import { useSavePayoutAccount } from '../api/save-payout-account.ts';
import { mobileMoneyCountries } from '../format.ts';

type Field = 'country' | 'bankCode' | 'accountNumber' | 'currentPassword';
type Errors = Partial<Record<Field | 'form', string>>;

const fieldNames: readonly string[] = ['country', 'bankCode', 'accountNumber', 'currentPassword'];

/** The first message per field of a failed check (zod issues or the server's `fields`). */
function errorsOf(issues: { path: PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form');
    const key = (fieldNames.includes(field) ? field : 'form') as Field | 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** A refusal from the server: under its fields when it names them, else for the whole form. */
function serverErrors(error: unknown): Errors {
  if (error instanceof ApiError && error.fields) {
    const errors = errorsOf(
      Object.entries(error.fields).map(([path, message]) => ({ path: [path], message })),
    );
    return errors.form || Object.keys(errors).length > 0 ? errors : { form: error.message };
  }
  return { form: error instanceof Error ? error.message : 'Request failed' };
}

function KindChoice({
  kind,
  onChange,
  disabled,
}: {
  kind: AccountKind;
  onChange: (kind: AccountKind) => void;
  disabled: boolean;
}) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="mb-2 text-sm font-medium">Paid to</legend>
      {(['bank', 'mobile_money'] as const).map((value) => (
        <label
          key={value}
          className={cn(
            'flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
            kind === value && 'border-primary bg-primary/5',
          )}
        >
          <input
            type="radio"
            name="payout-account-kind"
            checked={kind === value}
            disabled={disabled}
            onChange={() => onChange(value)}
            className="accent-primary"
          />
          {value === 'bank' ? 'Bank account' : 'Mobile money'}
        </label>
      ))}
    </fieldset>
  );
}

interface PayoutAccountDialogProps {
  userId: string;
  settings: PayoutSettingsView;
  onClose: () => void;
}

/**
 * Adds or changes where payouts go, in three steps: the account's details; "Check account" asks the
 * bank for the holder's name, for the creator to confirm it is theirs; then the current password
 * confirms the change (two-step sign-in asks for a code too, through the API client). Changing any
 * detail after the check asks for a new check.
 */
export function PayoutAccountDialog({ userId, settings, onClose }: PayoutAccountDialogProps) {
  const id = useId();
  const email = useSession()?.user.email;
  const current = settings.account;
  const [country, setCountry] = useState(current?.country ?? settings.countries[0]?.code ?? '');
  const [kind, setKind] = useState<AccountKind>(current?.type === 'mobile_money' ? 'mobile_money' : 'bank');
  const [bankCode, setBankCode] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [resolved, setResolved] = useState<ResolvedPayoutAccount | null>(null);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const offersMobileMoney = mobileMoneyCountries.includes(country);
  const accountKind: AccountKind = offersMobileMoney ? kind : 'bank';
  const banks = usePayoutBanks(country, accountKind);
  const resolve = useResolvePayoutAccount();
  const save = useSavePayoutAccount(userId);
  const busy = resolve.isPending || save.isPending;
  const currency = settings.countries.find((option) => option.code === country)?.currency;
  const bank = banks.data?.find((option) => option.code === bankCode);
  const mobile = accountKind === 'mobile_money';

  /** Any change to the details: the name checked before no longer stands. */
  function edited(next: () => void) {
    next();
    setResolved(null);
    setPassword('');
    setErrors({});
  }

  function details() {
    return { country, bankCode, accountNumber, ...(bank ? { type: bank.type } : {}) };
  }

  async function check(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = resolvePayoutAccountSchema.safeParse(details());
    if (!parsed.success) return setErrors(errorsOf(parsed.error.issues));
    setErrors({});
    try {
      setResolved(await resolve.mutateAsync(parsed.data));
    } catch (error) {
      setErrors(serverErrors(error));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !resolved) return;
    const parsed = savePayoutAccountSchema.safeParse({ ...details(), currentPassword: password });
    if (!parsed.success) return setErrors(errorsOf(parsed.error.issues));
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      toast.success(current ? 'Payout account changed' : 'Payout account added');
      onClose();
    } catch (error) {
      setErrors(serverErrors(error));
    }
  }

  const bankLabel = mobile ? 'Mobile money provider' : 'Bank';
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogTitle>{current ? 'Change your payout account' : 'Add a payout account'}</DialogTitle>
        <DialogDescription>
          Payouts are sent to this account in its country's currency. Use an account in your own name.
        </DialogDescription>
        <form
          noValidate
          onSubmit={(event) => void (resolved ? submit(event) : check(event))}
          className="grid gap-4"
        >
          <FormField
            label="Country"
            error={errors.country}
            hint={currency ? `Paid in ${currency}` : undefined}
          >
            {(control) => (
              <NativeSelect
                {...control}
                value={country}
                disabled={busy}
                onChange={(event) =>
                  edited(() => {
                    setCountry(event.target.value);
                    setBankCode('');
                    if (!mobileMoneyCountries.includes(event.target.value)) setKind('bank');
                  })
                }
              >
                {settings.countries.map((option) => (
                  <option key={option.code} value={option.code}>
                    {option.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          {offersMobileMoney ? (
            <KindChoice
              kind={kind}
              disabled={busy}
              onChange={(next) =>
                edited(() => {
                  setKind(next);
                  setBankCode('');
                })
              }
            />
          ) : null}
          <FormField
            label={bankLabel}
            error={errors.bankCode}
            hint={
              banks.isError ? (
                <span role="alert" className="flex flex-wrap items-center gap-2 text-destructive">
                  The list could not be loaded: {banks.error.message}
                  <Button type="button" size="sm" variant="outline" onClick={() => void banks.refetch()}>
                    Try again
                  </Button>
                </span>
              ) : undefined
            }
          >
            {(control) => (
              <NativeSelect
                {...control}
                value={bankCode}
                disabled={busy || !banks.data}
                aria-busy={banks.isFetching || undefined}
                onChange={(event) => edited(() => setBankCode(event.target.value))}
              >
                <option value="">
                  {banks.isPending
                    ? 'Loading the list…'
                    : mobile
                      ? 'Choose your provider'
                      : 'Choose your bank'}
                </option>
                {banks.data?.map((option) => (
                  <option key={`${option.type}-${option.code}`} value={option.code}>
                    {option.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField
            label={mobile ? 'Mobile money number' : 'Account number'}
            error={errors.accountNumber}
            hint="Digits only, as your bank writes it"
          >
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                autoComplete="off"
                value={accountNumber}
                disabled={busy}
                onChange={(event) => edited(() => setAccountNumber(event.target.value))}
              />
            )}
          </FormField>
          {resolved ? (
            <div
              role="status"
              className="grid gap-1 rounded-lg border border-primary/40 bg-primary/5 p-3 text-sm"
            >
              <p className="flex items-center gap-2 font-medium">
                <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-primary" />
                Account holder: {resolved.accountName}
              </p>
              <p className="text-muted-foreground">
                {resolved.bankName} •••• {resolved.last4}. If this is not your name, change the details above.
              </p>
            </div>
          ) : null}
          {resolved ? (
            <PasswordField
              id={`${id}-password`}
              label="Current password"
              autoComplete="current-password"
              autoFocus
              value={password}
              disabled={busy}
              error={errors.currentPassword}
              hint={`Signed up with Google and never set a password? Type ${email ?? 'your email address'} instead.`}
              onChange={(event) => setPassword(event.target.value)}
            />
          ) : null}
          {resolved ? (
            <p className="text-xs text-muted-foreground">
              For your safety, saving pauses automatic payouts for {settings.accountChangeHoldDays} days, and
              we email you about the change.
            </p>
          ) : null}
          {errors.form ? (
            <p role="alert" className="rounded-lg bg-destructive/10 p-3 text-sm text-destructive">
              {errors.form}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            {resolved ? (
              <SubmitButton pending={save.isPending} pendingLabel="Saving…">
                Save payout account
              </SubmitButton>
            ) : (
              <Button type="submit" disabled={busy} aria-busy={resolve.isPending || undefined}>
                {resolve.isPending ? (
                  <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
                ) : null}
                {resolve.isPending ? 'Checking…' : 'Check account'}
              </Button>
            )}
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
