import { storage } from './storage.ts';

/**
 * Product analytics. Events go to Google Analytics 4 only when the server's public config names a
 * measurement id; until that answer arrives they wait in a short queue. Nothing here ever throws:
 * analytics must not break the page it measures.
 */

type EventParams = Record<string, string | number | boolean | null>;

export interface PageView {
  path: string;
  title: string;
  referrer: string;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

const GTAG_URL = 'https://www.googletagmanager.com/gtag/js';
const MAX_QUEUED = 50;

let status: 'pending' | 'enabled' | 'disabled' = 'pending';
let queue: Array<() => void> = [];

function debugEnabled(): boolean {
  return storage.get('analytics-debug') === '1' || (import.meta.env.DEV && import.meta.env.MODE !== 'test');
}

function safely(action: () => void): void {
  try {
    action();
  } catch (error) {
    if (debugEnabled()) console.warn('[analytics] failed', error);
  }
}

function gtag(...args: unknown[]): void {
  window.gtag?.(...args);
}

function dispatch(call: () => void): void {
  if (status === 'enabled') safely(call);
  else if (status === 'pending' && queue.length < MAX_QUEUED) queue.push(call);
}

function record(kind: string, params: EventParams | string, call: () => void): void {
  safely(() => {
    if (debugEnabled()) console.info(`[analytics] ${kind}`, params);
    dispatch(call);
  });
}

function loadGtag(measurementId: string): void {
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtagShim() {
    // gtag.js only understands the `arguments` object itself, not an array copy of it.
    // biome-ignore lint/complexity/noArguments: required by the gtag.js queue protocol
    window.dataLayer?.push(arguments);
  };
  gtag('js', new Date());
  // Page views are sent by the router on every path or query change, so the automatic one is off.
  gtag('config', measurementId, { send_page_view: false });
  const script = document.createElement('script');
  script.async = true;
  script.src = `${GTAG_URL}?id=${encodeURIComponent(measurementId)}`;
  script.onerror = () => {
    status = 'disabled';
    if (debugEnabled()) console.warn('[analytics] gtag.js could not be loaded; analytics is off');
  };
  document.head.append(script);
}

/** Called once the public config is known: a measurement id turns GA4 on, null turns analytics off. */
export function configureAnalytics(measurementId: string | null): void {
  safely(() => {
    if (status !== 'pending') return;
    if (measurementId) {
      loadGtag(measurementId);
      status = 'enabled';
      for (const call of queue) safely(call);
    } else {
      status = 'disabled';
    }
    queue = [];
  });
}

export function trackPageView({ path, title, referrer }: PageView): void {
  record('page_view', { path, title, referrer }, () =>
    gtag('event', 'page_view', {
      page_location: `${window.location.origin}${path}`,
      page_path: path,
      page_title: title,
      page_referrer: referrer,
    }),
  );
}

export function trackButtonClick(name: string): void {
  record('button_click', { button_name: name }, () => gtag('event', 'button_click', { button_name: name }));
}

export function trackFormSubmit(name: string): void {
  record('form_submit', { form_name: name }, () => gtag('event', 'form_submit', { form_name: name }));
}

export function trackError(message: string, code = 'unknown'): void {
  record('error', { error_message: message, error_code: code }, () =>
    gtag('event', 'error', { error_message: message, error_code: code }),
  );
}

export function identify(userId: string): void {
  record('identify', userId, () => gtag('set', { user_id: userId }));
}
