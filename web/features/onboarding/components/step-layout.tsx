import { LoaderCircle } from 'lucide-react';
import { type FormEvent, type ReactNode, useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';

interface StepLayoutProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  submitLabel: string;
  /** The step's required input is present. */
  ready: boolean;
  onSubmit: () => void;
  /** Shown beside the primary button, e.g. 'Skip for now'. */
  secondaryAction?: ReactNode;
  busy?: boolean;
  busyLabel?: string;
}

/**
 * One step as a form: its heading (focused when the step opens), its fields, and the primary
 * button, so Enter moves on as soon as the step is complete.
 */
export function StepLayout(props: StepLayoutProps) {
  const { title, description, children, submitLabel, ready, onSubmit, secondaryAction, busy } = props;
  const headingId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready && !busy) onSubmit();
  };
  return (
    <form aria-labelledby={headingId} className="flex flex-col gap-6" onSubmit={submit} noValidate>
      <header className="flex flex-col gap-1.5">
        <h2
          id={headingId}
          tabIndex={-1}
          data-step-heading=""
          className="font-heading text-2xl font-bold tracking-tight outline-none"
        >
          {title}
        </h2>
        {description ? <p className="text-muted-foreground">{description}</p> : null}
      </header>
      {children}
      <div className="flex flex-col-reverse gap-3 @md:flex-row @md:justify-end">
        {secondaryAction}
        <Button type="submit" size="lg" disabled={!ready || busy} aria-busy={busy || undefined}>
          {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          {busy ? (props.busyLabel ?? submitLabel) : submitLabel}
        </Button>
      </div>
    </form>
  );
}
