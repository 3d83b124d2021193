import { useEffect } from 'react';

/**
 * Resolves once the page has loaded and the browser is idle (at most 2 s after the load): for work
 * a first page does not need to paint or answer a tap, such as loading hls.js for a video that
 * shows its poster meanwhile (docs/decisions/0032). Later calls resolve at once.
 */
let idle: { document: Document; promise: Promise<void> } | undefined;

export function pageIdle(): Promise<void> {
  // Per document: a test environment may give the same module a new one.
  if (idle?.document === document) return idle.promise;
  const promise = new Promise<void>((resolve) => {
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') {
        window.requestIdleCallback(() => resolve(), { timeout: 2000 });
      } else setTimeout(resolve, 0);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
  idle = { document, promise };
  return promise;
}

/** The turns given out so far: each part that waits for the idle page starts in a task of its own. */
let turns: Promise<void> = Promise.resolve();

/** Resolves in a task after every turn asked for before it (usePageIdle). */
export function nextIdleTurn(): Promise<void> {
  turns = turns.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  return turns;
}

/** A part's built files, as index.html lists them (vite.config.ts, `codeForLater`); none in development. */
function filesFor(name: string): string[] {
  let listed: unknown;
  try {
    listed = JSON.parse(document.getElementById('code-for-later')?.textContent ?? '{}');
  } catch {
    return [];
  }
  const files = (listed as Record<string, unknown> | null)?.[name];
  return Array.isArray(files) ? files.filter((file): file is string => typeof file === 'string') : [];
}

/** The parts each document has asked for already (usePrefetchWhenIdle). */
const prefetchedParts = new WeakMap<Document, Set<string>>();

/**
 * Prefetch links added in one task. Adding a `<link>` costs the main thread 1-3 ms (the browser
 * starts its request there and then), several times that on a phone: the thirty files of the
 * menus, added at once, were a long task of their own.
 */
export const PREFETCH_FILES_PER_TASK = 1;

/** The path of a file the page has loaded or asked for, to compare with the build's list. */
function pathOf(url: string): string {
  try {
    return new URL(url, document.baseURI).pathname;
  } catch {
    return url;
  }
}

/** The files this document has already: loaded, being loaded, or asked for by a link. */
function filesOnPage(): Set<string> {
  const files = new Set<string>();
  for (const entry of performance.getEntriesByType('resource')) files.add(pathOf(entry.name));
  for (const element of document.querySelectorAll('link[href], script[src]')) {
    files.add(pathOf(element.getAttribute('href') ?? element.getAttribute('src') ?? ''));
  }
  return files;
}

/** Each document's files still to prefetch, and those it has or has asked for. */
const prefetchQueues = new WeakMap<Document, { files: string[]; present: Set<string> }>();

function nextTask(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 0);
}

function prefetchSome(page: Document): void {
  const queue = prefetchQueues.get(page);
  if (!queue || page !== document) return;
  let added = 0;
  while (queue.files.length > 0 && added < PREFETCH_FILES_PER_TASK) {
    const file = queue.files.shift() as string;
    const path = pathOf(file);
    if (queue.present.has(path)) continue;
    queue.present.add(path);
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = file;
    link.as = file.endsWith('.css') ? 'style' : 'script';
    // As Vite's loader asks for the file later (same origin, CORS mode): the cached copy serves it.
    link.crossOrigin = '';
    document.head.append(link);
    added += 1;
  }
  if (queue.files.length > 0) nextTask(() => prefetchSome(page));
  else prefetchQueues.delete(page);
}

/**
 * Has the browser download a part's code once the page is idle (pageIdle), without running it:
 * `<link rel="prefetch">`, at the lowest priority, into the HTTP cache. Running a menu's code
 * (Radix, floating-ui) takes the main thread for as long as a long task, so it waits for the first
 * hover or press (MenuOnPress), which then finds the files here instead of on the network.
 * `name` is one of the parts index.html lists (vite.config.ts, `codeForLater`). Files the page
 * has already are skipped, and the links go in one per task.
 */
export function usePrefetchWhenIdle(name: string): void {
  useEffect(() => {
    // Once per part and document: every post card of a feed asks for the post menu's files.
    const parts = prefetchedParts.get(document) ?? new Set<string>();
    prefetchedParts.set(document, parts);
    if (parts.has(name)) return;
    parts.add(name);
    const page = document;
    // After the parts that start once the page is idle: what they load (the event stream's code)
    // is then on the page, and not prefetched as well. The turns are read a step after the idle
    // page's own callbacks, so a part whose effect ran after this one (a parent) has asked for its.
    void pageIdle()
      .then(() => undefined)
      .then(() => turns)
      .then(() => {
        const queue = prefetchQueues.get(page);
        if (queue) {
          queue.files.push(...filesFor(name));
          return;
        }
        prefetchQueues.set(page, { files: filesFor(name), present: filesOnPage() });
        nextTask(() => prefetchSome(page));
      });
  }, [name]);
}
