import type { LightMyRequestResponse } from 'fastify';
import type { DataExport } from '../../common/schemas/safety.ts';
import { bearer } from './accounts.ts';
import type { TestApp } from './helpers.ts';
import { until } from './processes.ts';
import { unzip } from './unzip.ts';

export const exportState = async (t: TestApp, token: string): Promise<DataExport> =>
  (await t.app.inject({ method: 'GET', url: '/api/me/export', headers: bearer(token) })).json<DataExport>();

export const requestExport = (t: TestApp, token: string): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'POST', url: '/api/me/export', headers: bearer(token) });

export const downloadExport = (t: TestApp, token: string, id: string): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'GET', url: `/api/me/exports/${id}/download`, headers: bearer(token) });

/** Waits for the caller's export job to leave `waiting` (the app must run jobs); its final state. */
export async function settledExport(t: TestApp, token: string): Promise<DataExport> {
  let state = await exportState(t, token);
  await until(async () => {
    state = await exportState(t, token);
    return state.status !== 'waiting';
  }, 'the data export job');
  return state;
}

/** Asks for an export, waits for the job, downloads it: the zip's files by name. */
export async function exportedFiles(t: TestApp, token: string): Promise<Map<string, Buffer>> {
  const asked = await requestExport(t, token);
  if (asked.statusCode !== 202) throw new Error(`export request: ${asked.statusCode} ${asked.body}`);
  const state = await settledExport(t, token);
  if (state.status !== 'ready' || !state.id) throw new Error(`export ${state.status}: ${state.reason}`);
  const response = await downloadExport(t, token, state.id);
  if (response.statusCode !== 200) throw new Error(`download: ${response.statusCode} ${response.body}`);
  return unzip(response.rawPayload);
}
