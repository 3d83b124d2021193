import { ApiError } from '../../lib/api-client.ts';

export const PROFILE_UPDATE_FAILED = 'Failed to update profile';

/**
 * What a failed save tells the form: the per-field messages to show under the fields (400, 409), and
 * the toast. The spec's 'Failed to update profile' leads unless the server said something the fields
 * cannot show.
 */
export function saveErrorOf(error: unknown): { fields: Record<string, string>; toastMessage: string } {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) {
    return { fields: {}, toastMessage: PROFILE_UPDATE_FAILED };
  }
  const fields = error.fields ?? {};
  return {
    fields,
    toastMessage: Object.keys(fields).length > 0 ? PROFILE_UPDATE_FAILED : error.message,
  };
}
