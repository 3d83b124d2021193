import { Search } from 'lucide-react';
import { type CSSProperties, type FormEvent, useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { pathTo, routes } from '#common/routes.ts';
import { Input } from '../../components/ui/input.tsx';
import { trackFormSubmit } from '../../lib/analytics.ts';
import { cn } from '../../lib/utils.ts';

interface SearchFormProps {
  className?: string;
  style?: CSSProperties;
}

/** Searching opens Discover with the query (`/discover?q=...`), where results are listed. */
export function SearchForm({ className, style }: SearchFormProps) {
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const onDiscover = location.pathname === routes.discover;
  const currentQuery = onDiscover ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [value, setValue] = useState(currentQuery);

  useEffect(() => setValue(currentQuery), [currentQuery]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = value.trim();
    trackFormSubmit('search');
    void navigate(query ? `${pathTo('discover')}?${new URLSearchParams({ q: query })}` : pathTo('discover'));
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is still unknown to some supported browsers (Safari < 17)
    <form role="search" onSubmit={submit} className={cn('relative', className)} style={style}>
      <label htmlFor={id} className="sr-only">
        Search creators
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        id={id}
        type="search"
        name="q"
        placeholder="Search..."
        autoComplete="off"
        enterKeyHint="search"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        className="rounded-full bg-muted/60 pl-9"
      />
    </form>
  );
}
