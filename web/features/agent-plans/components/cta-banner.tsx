import { Button } from '../../../components/ui/button.tsx';

/** The closing call to action: Starter's trial, or Professional's. */
export function CtaBanner({
  trialLabels,
  busy,
  onStarter,
  onProfessional,
}: {
  /** The spec's trial wording while the trial is open (or signed out); plain choices after. */
  trialLabels: boolean;
  busy: boolean;
  onStarter: () => void;
  onProfessional: () => void;
}) {
  return (
    <section
      aria-labelledby="cta-heading"
      className="flex flex-col items-center gap-4 rounded-2xl bg-primary px-6 py-10 text-center text-primary-foreground"
    >
      <h2 id="cta-heading" className="font-heading text-2xl font-bold tracking-tight">
        Ready to turn more enquiries into viewings?
      </h2>
      <p className="max-w-xl opacity-90">
        Put an AI buyer guide on your listings today. No setup fee, and you can cancel at any time.
      </p>
      <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
        <Button variant="secondary" size="lg" disabled={busy} onClick={onStarter}>
          {trialLabels ? 'Start 14-Day Trial' : 'Choose Starter'}
        </Button>
        <Button
          variant="outline"
          size="lg"
          disabled={busy}
          onClick={onProfessional}
          className="border-primary-foreground/60 bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground"
        >
          {trialLabels ? 'Try Premium Free' : 'Choose Professional'}
        </Button>
      </div>
    </section>
  );
}
