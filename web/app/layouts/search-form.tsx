import { Search } from 'lucide-react';
import {
  type CSSProperties,
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
  lazy,
  Suspense,
  useEffect,
  useId,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { limits } from '#common/limits.ts';
import { pathTo, routes } from '#common/routes.ts';
import { Input } from '../../components/ui/input.tsx';
import { SUGGESTION_LIMIT, useSearchCreators } from '../../features/search/api/search-creators.ts';
import { optionId } from '../../features/search/option-id.ts';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import { useMediaQuery } from '../../hooks/use-media-query.ts';
import { trackFormSubmit } from '../../lib/analytics.ts';
import { cn } from '../../lib/utils.ts';

// The list is not part of a first page's JavaScript: it loads when the search box gets focus.
const loadSuggestions = () => import('../../features/search/components/search-suggestions.tsx');
const SearchSuggestions = lazy(() =>
  loadSuggestions().then((module) => ({ default: module.SearchSuggestions })),
);

/** Typing settles for this long before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 200;

interface SearchFormProps {
  className?: string;
  style?: CSSProperties;
}

const discoverPath = (query: string) =>
  query ? `${pathTo('discover')}?${new URLSearchParams({ q: query })}` : pathTo('discover');

/**
 * The top bar's creator search: as the user types, a dropdown of matching creators (arrows move,
 * Enter opens the highlighted one, Escape closes); Enter with nothing highlighted opens
 * `/discover?q=...` with every result. ARIA 1.1 combobox: the search box keeps its searchbox role.
 */
export function SearchForm({ className, style }: SearchFormProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const listId = `${id}-list`;
  const navigate = useNavigate();
  const location = useLocation();
  const onDiscover = location.pathname === routes.discover;
  const currentQuery = onDiscover ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [value, setValue] = useState(currentQuery);
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  // On phones the search sits in the bottom bar, so its list opens upwards.
  const phone = useMediaQuery(`(max-width: ${limits.mobileBreakpointPx - 1}px)`);

  useEffect(() => setValue(currentQuery), [currentQuery]);

  const typed = value.trim();
  const settled = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const search = useSearchCreators(open ? settled : '', SUGGESTION_LIMIT, { asYouType: true });
  const creators = typed === '' ? [] : (search.data ?? []);
  const loading = typed !== '' && (settled !== typed || search.isPending || search.isPlaceholderData);
  const expanded = open && typed !== '';
  const optionCount = creators.length + 1;

  function close() {
    setOpen(false);
    setActiveIndex(-1);
  }

  function choose(index: number) {
    const creator = creators[index];
    close();
    if (creator) {
      setValue('');
      void navigate(pathTo('publicProfile', { id: creator.handle }));
    } else {
      trackFormSubmit('search');
      void navigate(discoverPath(typed));
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (expanded && activeIndex >= 0) return choose(activeIndex);
    trackFormSubmit('search');
    close();
    void navigate(discoverPath(typed));
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (typed === '') return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // From nothing highlighted, Down goes to the first option and Up to the last; both wrap.
      setActiveIndex((current) =>
        current === -1 && step === -1 ? optionCount - 1 : (current + step + optionCount) % optionCount,
      );
    } else if (event.key === 'Escape' && expanded) {
      // Closes the list first; a second Escape clears the box as search inputs do.
      event.preventDefault();
      close();
    }
  }

  function blur(event: FocusEvent<HTMLFormElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
  }

  const activeId =
    expanded && activeIndex >= 0 && activeIndex < optionCount ? optionId(listId, activeIndex) : undefined;

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is still unknown to some supported browsers (Safari < 17)
    <form role="search" onSubmit={submit} onBlur={blur} className={cn('relative', className)} style={style}>
      <label id={labelId} htmlFor={id} className="sr-only">
        Search creators
      </label>
      {/* biome-ignore lint/a11y/useFocusableInteractive: ARIA 1.1 combobox: focus belongs to the search box it wraps */}
      <div
        role="combobox"
        aria-expanded={expanded}
        aria-haspopup="listbox"
        aria-controls={expanded ? listId : undefined}
        aria-owns={expanded ? listId : undefined}
        aria-labelledby={labelId}
      >
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
          aria-autocomplete="list"
          // Only while the list exists: an id reference to nothing is an invalid ARIA value.
          aria-controls={expanded ? listId : undefined}
          aria-activedescendant={activeId}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setOpen(true);
            setActiveIndex(-1);
          }}
          onFocus={() => {
            setOpen(true);
            void loadSuggestions();
          }}
          onKeyDown={keyDown}
          className="rounded-full bg-muted/60 pl-9"
        />
      </div>
      {expanded ? (
        <Suspense fallback={null}>
          <SearchSuggestions
            listId={listId}
            labelId={labelId}
            query={typed}
            creators={creators}
            loading={loading && creators.length === 0}
            failed={search.isError}
            activeIndex={activeIndex}
            placement={phone ? 'above' : 'below'}
            onChoose={choose}
            onHover={setActiveIndex}
          />
        </Suspense>
      ) : null}
      <span role="status" className="sr-only">
        {expanded && !loading
          ? `${creators.length} ${creators.length === 1 ? 'creator' : 'creators'} found`
          : ''}
      </span>
    </form>
  );
}
