import { LoaderCircle, Search, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { fanPaymentMessages } from '#common/schemas/fan-payments.ts';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import { NativeSelect } from '../ui/native-select.tsx';
import { isFiltered, type ListFilters } from './filters.ts';

const SEARCH_DELAY_MS = 300;

interface ListFiltersBarProps<Status extends string> {
  filters: ListFilters<Status>;
  onChange: (next: ListFilters<Status>) => void;
  /** Clears everything; the parent remounts the bar so typed text goes too. */
  onClear: () => void;
  statuses: { value: Status; label: string }[];
  searchLabel: string;
  searchPlaceholder: string;
  /** A new search or filter is loading. */
  busy: boolean;
}

/**
 * Search (as you type), status (at once) and a date range (on Apply); Clear Filters shows only
 * when something differs from its default. The range is calendar days, both ends included.
 */
export function ListFiltersBar<Status extends string>({
  filters,
  onChange,
  onClear,
  statuses,
  searchLabel,
  searchPlaceholder,
  busy,
}: ListFiltersBarProps<Status>) {
  const id = useId();
  const [search, setSearch] = useState(filters.q);
  const [from, setFrom] = useState(filters.from);
  const [to, setTo] = useState(filters.to);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);

  useEffect(() => {
    if (q !== filters.q) onChange({ ...filters, q });
  }, [q, filters, onChange]);

  function apply(event: FormEvent) {
    event.preventDefault();
    if (from && to && from > to) {
      setRangeError(fanPaymentMessages.dateRangeOrder);
      return;
    }
    setRangeError(null);
    onChange({ ...filters, from, to });
  }

  const rangeChanged = from !== filters.from || to !== filters.to;
  const showClear = isFiltered(filters) || search.trim() !== '';

  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-3 @lg:grid-cols-[minmax(0,1fr)_11rem]">
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          {busy ? (
            <LoaderCircle
              aria-hidden="true"
              className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
            />
          ) : null}
          <Input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={searchPlaceholder}
            aria-label={searchLabel}
            className="px-9"
            maxLength={200}
          />
        </div>
        <NativeSelect
          aria-label="Status"
          value={filters.status}
          onChange={(event) => onChange({ ...filters, status: event.target.value as Status | 'all' })}
        >
          <option value="all">All Statuses</option>
          {statuses.map((status) => (
            <option key={status.value} value={status.value}>
              {status.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <form
        onSubmit={apply}
        aria-label="Date range"
        className="grid grid-cols-2 items-end gap-3 @lg:flex @lg:flex-wrap"
      >
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-from`}>From</Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={from}
            max={to || undefined}
            onChange={(event) => setFrom(event.target.value)}
            aria-invalid={rangeError ? true : undefined}
            aria-describedby={rangeError ? `${id}-range-error` : undefined}
            className="@lg:w-44"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-to`}>To</Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={to}
            min={from || undefined}
            onChange={(event) => setTo(event.target.value)}
            aria-invalid={rangeError ? true : undefined}
            aria-describedby={rangeError ? `${id}-range-error` : undefined}
            className="@lg:w-44"
          />
        </div>
        <Button type="submit" variant="secondary" disabled={!rangeChanged}>
          Apply
        </Button>
        {showClear ? (
          <Button type="button" variant="ghost" onClick={onClear}>
            <X aria-hidden="true" />
            Clear Filters
          </Button>
        ) : null}
        {rangeError ? (
          <p
            id={`${id}-range-error`}
            role="alert"
            className="col-span-2 text-sm text-destructive @lg:basis-full"
          >
            {rangeError}
          </p>
        ) : null}
      </form>
    </div>
  );
}
