import { normalizeHandle } from '#common/handles.ts';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/utils.ts';
import type { HandleCheck } from '../api/get-handle-availability.ts';
import { describedBy, Field, type MessageTone } from './field.tsx';

interface HandleFieldProps {
  id: string;
  value: string;
  check: HandleCheck;
  /** The server's message from a failed completion (e.g. taken meanwhile); wins until the value changes. */
  error?: string | undefined;
  onChange: (handle: string) => void;
}

const hint = 'Your page address. 3-30 characters: letters, numbers, _ and .';

function messageOf(check: HandleCheck, error: string | undefined): { text?: string; tone: MessageTone } {
  if (error) return { text: error, tone: 'error' };
  switch (check.status) {
    case 'empty':
      return { tone: 'muted' };
    case 'checking':
      return { text: 'Checking availability…', tone: 'muted' };
    case 'available':
      return { text: check.message, tone: 'success' };
    default:
      return { text: check.message, tone: 'error' };
  }
}

/** The handle, stored the way it will be used (lower-case, without '@'), with its availability as typed. */
export function HandleField({ id, value, check, error, onChange }: HandleFieldProps) {
  const { text, tone } = messageOf(check, error);
  return (
    <Field id={id} label="Handle" hint={hint} message={text} tone={tone}>
      <div className="relative">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground"
        >
          @
        </span>
        <Input
          id={id}
          value={value}
          onChange={(event) => onChange(normalizeHandle(event.target.value))}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          aria-invalid={tone === 'error' || undefined}
          aria-describedby={describedBy(id, hint)}
          className={cn('pl-7', tone === 'error' && 'border-destructive')}
        />
      </div>
    </Field>
  );
}
