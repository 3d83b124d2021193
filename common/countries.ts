import names from 'countries-list/minimal/countries.en.min.json' with { type: 'json' };

/**
 * Every country and territory the onboarding's country step offers, by English name, sorted: the
 * list comes from a maintained package (ISO 3166-1) instead of a hand-kept copy.
 */
export const countries: readonly string[] = Object.values(names as Record<string, string>).sort((a, b) =>
  a.localeCompare(b, 'en'),
);

const known = new Set(countries);

export function isCountry(name: string): boolean {
  return known.has(name);
}

/** The spec's filter: a case-insensitive substring. */
export function filterCountries(query: string): readonly string[] {
  const needle = query.trim().toLocaleLowerCase('en');
  return needle ? countries.filter((name) => name.toLocaleLowerCase('en').includes(needle)) : countries;
}

/** Every country with its ISO 3166-1 alpha-2 code, by name: what a creator hides their page from. */
export function countryList(): { code: string; name: string }[] {
  return Object.entries(names as Record<string, string>)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}
