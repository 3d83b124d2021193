import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  useCallback,
  useContext,
  useId,
  useMemo,
  useState,
} from 'react';
import { cn } from '../../lib/utils.ts';

/**
 * Tabs (WAI-ARIA tabs pattern), small enough for a first page (docs/decisions/0032): the chosen tab
 * is the one Tab stop of the list, Left/Right (wrapping), Home and End move between tabs and open
 * the tab they reach; Tab then moves into the panel. Only the open panel renders its content.
 * Same props as the Radix tabs they replace: `value` + `onValueChange`, or `defaultValue`.
 */
interface TabsState {
  value: string;
  select: (value: string) => void;
  idOf: (part: 'tab' | 'panel', value: string) => string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error(`${part} must be inside <Tabs>`);
  return state;
}

interface TabsProps extends Omit<ComponentProps<'div'>, 'defaultValue' | 'onChange'> {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}

export function Tabs({ value, defaultValue = '', onValueChange, children, ...props }: TabsProps) {
  const [own, setOwn] = useState(defaultValue);
  const current = value ?? own;
  const baseId = useId();
  const select = useCallback(
    (next: string) => {
      if (next === current) return;
      if (value === undefined) setOwn(next);
      onValueChange?.(next);
    },
    [current, value, onValueChange],
  );
  const state = useMemo<TabsState>(
    () => ({
      value: current,
      select,
      // Values are chosen by the code (e.g. 'privacy-safety'); anything else is made safe for an id.
      idOf: (part, tab) => `${baseId}-${part}-${tab.replace(/[^\w-]/g, '_')}`,
    }),
    [current, select, baseId],
  );
  return (
    <TabsContext.Provider value={state}>
      <div data-orientation="horizontal" {...props}>
        {children}
      </div>
    </TabsContext.Provider>
  );
}

const moves: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  function keyDown(event: KeyboardEvent<HTMLDivElement>) {
    onKeyDown?.(event);
    const move = moves[event.key];
    if (event.defaultPrevented || !move || event.altKey || event.ctrlKey || event.metaKey) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]:not(:disabled)')];
    const index = tabs.indexOf(document.activeElement as HTMLElement);
    if (index === -1) return;
    event.preventDefault();
    // Focus opens the tab (see TabsTrigger), as the tabs pattern's automatic activation does.
    tabs[move(index, tabs.length)]?.focus();
  }
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cn('flex w-full gap-1 overflow-x-auto border-b border-border', className)}
      onKeyDown={keyDown}
      {...props}
    />
  );
}

interface TabsTriggerProps extends Omit<ComponentProps<'button'>, 'value'> {
  value: string;
}

export function TabsTrigger({ value, className, onClick, onFocus, ...props }: TabsTriggerProps) {
  const tabs = useTabs('TabsTrigger');
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.idOf('tab', value)}
      aria-controls={tabs.idOf('panel', value)}
      aria-selected={selected}
      data-state={selected ? 'active' : 'inactive'}
      tabIndex={selected ? 0 : -1}
      className={cn(
        '-mb-px inline-flex items-center gap-2 border-b-2 border-transparent px-4 py-2.5 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=active]:border-primary data-[state=active]:text-foreground',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      {...props}
    />
  );
}

interface TabsContentProps extends ComponentProps<'div'> {
  value: string;
}

export function TabsContent({ value, className, children, ...props }: TabsContentProps) {
  const tabs = useTabs('TabsContent');
  const selected = tabs.value === value;
  return (
    <div
      role="tabpanel"
      id={tabs.idOf('panel', value)}
      aria-labelledby={tabs.idOf('tab', value)}
      data-state={selected ? 'active' : 'inactive'}
      hidden={!selected}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern makes a panel one Tab stop, so Tab reaches it even when it holds nothing focusable
      tabIndex={0}
      className={cn(
        'pt-5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
      {...props}
    >
      {selected ? children : null}
    </div>
  );
}
