import { cleanup, configure, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A `findBy...` waits up to 5 s: dialogs and menus are lazily imported, and the first import of one
 * in a worker (transforming its modules) can take more than the default second on a busy machine.
 * A test that expects something to stay away uses `queryBy...`, which does not wait.
 */
configure({ asyncUtilTimeout: 5_000 });

/**
 * Strict tests: an unexpected console.error fails the test that caused it (React warnings, failed
 * prop types, act() warnings and errors caught by boundaries all land there).
 */
let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(async () => {
  // A toast that goes leaves its toaster a timer (200 ms) that updates its state: it must run while
  // this test's window still exists, not after the worker has taken the window away.
  if (document.querySelector('[data-sonner-toast]')) {
    toast.dismiss();
    await waitFor(() => {
      if (document.querySelector('[data-sonner-toast]')) throw new Error('a toast is still on screen');
    });
  }
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
  vi.restoreAllMocks();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    const text = errors.map((args) =>
      args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' '),
    );
    throw new Error(`Unexpected console.error during the test:\n${text.join('\n')}`);
  }
});
