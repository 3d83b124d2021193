import { handleProblem, normalizeHandle } from '#common/handles.ts';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import { useHandleAvailability } from './api/get-handle-availability.ts';

export const HANDLE_CHECK_DELAY_MS = 400;

export type HandleCheck =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'available' | 'taken'; message: string };

function askableHandle(username: string, currentHandle: string): string | null {
  const handle = normalizeHandle(username);
  const askable =
    username.trim().startsWith('@') && handleProblem(handle) === null && handle !== currentHandle;
  return askable ? handle : null;
}

/**
 * Asks the server whether the typed '@handle' is free once typing pauses. Nothing is asked while the
 * form's own rules already fail (their message shows instead) or while it is the current handle.
 */
export function useHandleCheck(username: string, currentHandle: string): HandleCheck {
  const settled = askableHandle(useDebouncedValue(username, HANDLE_CHECK_DELAY_MS), currentHandle);
  const availability = useHandleAvailability(settled);
  const typed = askableHandle(username, currentHandle);

  if (typed === null) return { state: 'idle' };
  if (typed !== settled) return { state: 'checking' };
  if (availability.isError) return { state: 'idle' };
  if (!availability.data) return { state: 'checking' };
  const { available, message } = availability.data;
  return { state: available ? 'available' : 'taken', message };
}
