import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { filterCountries } from '#common/countries.ts';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { canContinue } from '../step-rules.ts';
import { ChoiceList } from './choice-list.tsx';
import { StepLayout } from './step-layout.tsx';
import type { StepProps } from './step-props.ts';

/** Step 2: one country from the full list, narrowed by what the user types. */
export function CountryStep({ draft, errors, onChange, onNext }: StepProps) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const matches = filterCountries(query);
  const list = useRef<HTMLDivElement>(null);
  // On a resumed step the saved choice may sit far down the list: scroll the list (not the page) to it.
  useEffect(() => {
    const box = list.current;
    const chosen = box?.querySelector('input:checked')?.closest('label');
    if (box && chosen) box.scrollTop = chosen.offsetTop - box.clientHeight / 2;
  }, []);
  return (
    <StepLayout
      title="Where do you live?"
      description="Choose the country you live in. It decides the rules and payouts that apply to you."
      submitLabel="Continue"
      ready={canContinue('country', draft)}
      onSubmit={onNext}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={searchId}>Search countries</Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Type a country name"
            autoComplete="off"
            className="pl-9"
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              // Enter in the search picks the only match instead of submitting an older choice.
              event.preventDefault();
              const [only, ...others] = matches;
              if (only && others.length === 0) onChange({ country: only });
            }}
          />
        </div>
      </div>
      <p aria-live="polite" className="text-sm text-muted-foreground empty:hidden">
        {draft.country ? (
          <>
            Selected: <span className="font-medium text-foreground">{draft.country}</span>
          </>
        ) : null}
      </p>
      {errors.country ? <p className="text-sm font-medium text-destructive">{errors.country}</p> : null}
      <div ref={list} className="relative max-h-[50vh] overflow-y-auto rounded-xl border border-border p-2">
        {matches.length > 0 ? (
          <ChoiceList
            name="country"
            legend="Country"
            options={matches}
            value={draft.country}
            onChange={(country) => onChange({ country })}
            className="gap-1 [&>label]:border-transparent"
          />
        ) : (
          <p className="p-4 text-center text-sm text-muted-foreground">No country matches “{query}”.</p>
        )}
      </div>
    </StepLayout>
  );
}
