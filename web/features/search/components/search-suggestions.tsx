import { ArrowRight, LoaderCircle } from 'lucide-react';
import type { CreatorSummary } from '#common/schemas/creators.ts';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar.tsx';
import { cn } from '../../../lib/utils.ts';
import { optionId } from '../option-id.ts';

/** 'Lena Park' -> 'LP', for a creator without a picture. */
function initials(displayName: string): string {
  return (
    displayName
      .trim()
      .split(/\s+/)
      .slice(0, 2)
      .map((word) => word.charAt(0).toUpperCase())
      .join('') || '?'
  );
}

interface SearchSuggestionsProps {
  listId: string;
  labelId: string;
  query: string;
  creators: CreatorSummary[];
  /** No answer yet for what was typed. */
  loading: boolean;
  failed: boolean;
  /** Index into creators, or creators.length for 'See all results'; -1 for none. */
  activeIndex: number;
  /** Opens upwards (the phone's bottom bar) or downwards (the top bar). */
  placement: 'above' | 'below';
  onChoose: (index: number) => void;
  onHover: (index: number) => void;
}

/**
 * The search box's listbox: matching creators, best first, then 'See all results'. Focus stays in the
 * input (aria-activedescendant marks the highlighted option); a pointer chooses without blurring it.
 */
export function SearchSuggestions({
  listId,
  labelId,
  query,
  creators,
  loading,
  failed,
  activeIndex,
  placement,
  onChoose,
  onHover,
}: SearchSuggestionsProps) {
  const note = failed
    ? 'Search is unavailable right now'
    : loading
      ? 'Searching…'
      : creators.length === 0
        ? `No creators match “${query}”`
        : null;
  const optionClass = (active: boolean) =>
    cn(
      'flex cursor-pointer items-center gap-3 rounded-lg px-2.5 py-2 text-left text-sm',
      active ? 'bg-accent text-accent-foreground' : 'hover:bg-accent/60',
    );

  return (
    <div
      className={cn(
        'absolute inset-x-0 z-50 overflow-hidden rounded-xl border border-border bg-popover text-popover-foreground shadow-lg',
        placement === 'above' ? 'bottom-full mb-2' : 'top-full mt-2',
      )}
    >
      {note ? (
        <p className="flex items-center gap-2 px-3.5 pt-3 pb-1 text-sm text-muted-foreground">
          {loading && !failed ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
          {note}
        </p>
      ) : null}
      <div
        id={listId}
        role="listbox"
        tabIndex={-1}
        aria-labelledby={labelId}
        className="flex max-h-[min(24rem,60vh)] flex-col gap-0.5 overflow-y-auto p-1.5"
      >
        {creators.map((creator, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the input handles the keys (aria-activedescendant)
          <div
            key={creator.id}
            id={optionId(listId, index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === activeIndex}
            className={optionClass(index === activeIndex)}
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => onHover(index)}
            onClick={() => onChoose(index)}
          >
            <Avatar className="size-9">
              {creator.avatarUrl ? <AvatarImage src={creator.avatarUrl} alt="" /> : null}
              <AvatarFallback className="text-xs">{initials(creator.displayName)}</AvatarFallback>
            </Avatar>
            <span className="min-w-0">
              <span className="block truncate font-medium">{creator.displayName}</span>
              <span className="block truncate text-xs text-muted-foreground">@{creator.handle}</span>
            </span>
          </div>
        ))}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the input handles the keys (aria-activedescendant) */}
        <div
          id={optionId(listId, creators.length)}
          role="option"
          tabIndex={-1}
          aria-selected={activeIndex === creators.length}
          className={cn(optionClass(activeIndex === creators.length), 'text-primary')}
          onMouseDown={(event) => event.preventDefault()}
          onMouseMove={() => onHover(creators.length)}
          onClick={() => onChoose(creators.length)}
        >
          <span className="min-w-0 flex-1 truncate">See all results for “{query}”</span>
          <ArrowRight aria-hidden="true" className="size-4 shrink-0" />
        </div>
      </div>
    </div>
  );
}
