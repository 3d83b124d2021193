import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '../../../components/ui/button.tsx';

interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'asChild'> {
  pending: boolean;
  /** Said while the request runs, e.g. 'Signing in…'. */
  pendingLabel: string;
  children: ReactNode;
}

/** A form's submit button that shows a spinner and blocks double submits while the request runs. */
export function SubmitButton({ pending, pendingLabel, children, disabled, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={pending || disabled} aria-busy={pending || undefined} {...props}>
      {pending ? (
        <>
          <LoaderCircle aria-hidden="true" className="animate-spin" />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
