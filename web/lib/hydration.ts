import { pageIdle } from './page-idle.ts';

/**
 * Whether the app is adopting the server's markup right now (web/main.tsx: from the first render
 * until the page is idle), and the slices a long page's hydration is cut into
 * (components/hydrate-later.tsx).
 */
let hydrating = false;

export function setHydrating(value: boolean): void {
  hydrating = value;
}

export const isHydrating = () => hydrating;

let slices: Promise<void> = Promise.resolve();

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Resolves in a later task than every slice asked for before it: each part of the page that waits
 * for one is adopted in a task of its own, so none keeps the main thread from a tap for long.
 */
export function nextHydrationSlice(): Promise<void> {
  slices = slices.then(nextTask);
  return slices;
}

/** The code of server-rendered parts still on its way (adoptedOnArrival). */
let arriving: Promise<unknown>[] = [];

/**
 * For a lazy part's loader: while the page is being adopted, the adoption lasts until this code
 * has arrived, however long after the idle page that is. Its cards then still take their turns,
 * instead of being adopted all in the task the code arrives in (a signed-in Home's feed: 190 ms
 * on a phone).
 */
export function adoptedOnArrival<T>(loading: Promise<T>): Promise<T> {
  if (hydrating) arriving.push(loading.catch(() => undefined));
  return loading;
}

/**
 * Ends the adoption once the page is idle, the code its parts wait for has arrived and the slices
 * asked for so far have run. The first commit is not the end: a part whose code was still loading
 * (a page's feed) adopts its server markup when the code arrives, in a task after it (where its
 * cards ask for their slices). Resolves once it has ended.
 */
export async function endHydrationWhenIdle(): Promise<void> {
  await pageIdle();
  while (arriving.length > 0) {
    const batch = arriving;
    arriving = [];
    await Promise.all(batch);
    await nextTask();
  }
  await slices;
  setHydrating(false);
}

/**
 * The adopted page's place in the viewer's event stream: the number of the latest event pushed
 * when the server began reading the page's data (`data-events-from` on #root). The stream's first
 * connection starts there, so whatever changed after the render is replayed however late the
 * stream opens (lib/event-stream.ts); its opening can then wait for the idle page.
 */
let pageEventsFrom: string | null = null;

export function setPageEventsFrom(id: string | null): void {
  pageEventsFrom = id !== null && /^\d{1,18}$/.test(id) ? id : null;
}

export const hasPageEventsFrom = () => pageEventsFrom !== null;

/** The adopted page's event number, once: a later connection starts from what it received. */
export function takePageEventsFrom(): string | null {
  const id = pageEventsFrom;
  pageEventsFrom = null;
  return id;
}
