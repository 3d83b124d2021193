import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { countryList } from '#common/countries.ts';
import { blockedCountriesSchema } from '#common/schemas/creators.ts';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError, api } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';

const key = ['creator', 'blocked-countries'] as const;

/** Null for an account without a creator page (404): the section is not shown. */
async function getBlocked(signal: AbortSignal): Promise<string[] | null> {
  try {
    return blockedCountriesSchema.parse(await api.get('/creators/me/blocked-countries', { signal }))
      .countries;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

function Editor({ saved }: { saved: string[] }) {
  const queryClient = useQueryClient();
  const countries = useMemo(countryList, []);
  const nameOf = useMemo(
    () => new Map(countries.map((country) => [country.code, country.name])),
    [countries],
  );
  const [chosen, setChosen] = useState<string[]>(saved);
  const [filter, setFilter] = useState('');
  const save = useMutation({
    mutationFn: async (list: string[]) =>
      blockedCountriesSchema.parse(await api.put('/creators/me/blocked-countries', { countries: list }))
        .countries,
    onSuccess: (list) => queryClient.setQueryData(key, list),
  });
  const shown = countries.filter(
    (country) =>
      !chosen.includes(country.code) && country.name.toLowerCase().includes(filter.trim().toLowerCase()),
  );
  const changed = [...chosen].sort().join() !== [...saved].sort().join();

  async function submit() {
    try {
      await save.mutateAsync(chosen);
      toast.success(
        chosen.length ? 'Your page is hidden in the chosen countries' : 'Your page is shown everywhere',
      );
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not save');
    }
  }

  return (
    <div className="grid gap-4">
      {chosen.length ? (
        <ul aria-label="Hidden in" className="flex flex-wrap gap-2">
          {chosen.map((code) => (
            <li key={code}>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Show my page in ${nameOf.get(code) ?? code} again`}
                onClick={() => setChosen(chosen.filter((item) => item !== code))}
              >
                {nameOf.get(code) ?? code}
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">Your page is shown in every country.</p>
      )}
      <Input
        type="search"
        aria-label="Find a country"
        placeholder="Find a country"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <ul
        aria-label="Countries"
        className="grid max-h-56 gap-1 overflow-y-auto rounded-lg border border-border p-2"
      >
        {shown.length === 0 ? (
          <li className="p-2 text-sm text-muted-foreground">No country matches.</li>
        ) : null}
        {shown.map((country) => (
          <li key={country.code}>
            <button
              type="button"
              className="w-full rounded-md px-2 py-1.5 text-left text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              onClick={() => setChosen([...chosen, country.code])}
            >
              Hide in {country.name}
            </button>
          </li>
        ))}
      </ul>
      <div className="flex justify-end">
        <Button
          disabled={!changed || save.isPending}
          aria-busy={save.isPending || undefined}
          onClick={() => void submit()}
        >
          {save.isPending ? 'Saving…' : 'Save countries'}
        </Button>
      </div>
    </div>
  );
}

/** Privacy & Safety, for creators: the countries where their page, posts and media are not shown. */
export function RegionBlocking() {
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => getBlocked(signal) });
  if (query.data === null) return null;
  return (
    <SettingsSection
      title="Hide my page in countries"
      description="Visitors from these countries (judged by their network address) cannot see your page, posts or media. Admins still can."
    >
      {query.isPending ? (
        <div role="status" aria-label="Loading countries">
          <Skeleton className="h-9 w-full" />
        </div>
      ) : query.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          {query.error.message}
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <Editor saved={query.data} />
      )}
    </SettingsSection>
  );
}
