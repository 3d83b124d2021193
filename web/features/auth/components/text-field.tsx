import { type ComponentProps, type ReactNode, useId } from 'react';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { FieldError } from './field-error.tsx';

export interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
  error?: string | undefined;
  /** Beside the label, e.g. 'Forgot password?'. */
  labelAside?: ReactNode;
}

/** Label, input and its message, wired together for screen readers (aria-invalid, aria-describedby). */
export function TextField({ label, error, labelAside, id, ...props }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={inputId}>{label}</Label>
        {labelAside}
      </div>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={error ? 'border-destructive' : undefined}
        {...props}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
