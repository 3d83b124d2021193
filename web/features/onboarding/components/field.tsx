import type { ReactNode } from 'react';
import { Label } from '../../../components/ui/label.tsx';
import { cn } from '../../../lib/utils.ts';

export type MessageTone = 'error' | 'success' | 'muted';

interface FieldProps {
  id: string;
  label: string;
  hint?: ReactNode;
  message?: string | undefined;
  tone?: MessageTone;
  /** Beside the label, e.g. a character counter. */
  labelAside?: ReactNode;
  children: ReactNode;
}

const toneClass: Record<MessageTone, string> = {
  error: 'font-medium text-destructive',
  success: 'font-medium text-emerald-700 dark:text-emerald-400',
  muted: 'text-muted-foreground',
};

/** The ids a control names in aria-describedby, so its hint and message are read with it. */
export function describedBy(id: string, hint: unknown): string {
  return hint ? `${id}-hint ${id}-message` : `${id}-message`;
}

/**
 * A label, the control, a hint and a message. The message area is always there and polite, so a
 * message that appears or changes while the user types is announced once, without interrupting.
 */
export function Field({ id, label, hint, message, tone = 'error', labelAside, children }: FieldProps) {
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <p id={`${id}-message`} aria-live="polite" className={cn('text-sm empty:hidden', toneClass[tone])}>
        {message}
      </p>
    </div>
  );
}
