/**
 * Everything CI checks, in order: test tools present, types, lint, the web features' import graph
 * (scripts/feature-graph.ts), unit + server tests, web build, browser tests. A failed step does not
 * stop the others (except steps that need it: no browser tests without a fresh build), and the run
 * always ends with one summary line "N passed, N failed" that names any failed step. The exit code
 * is non-zero when anything failed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface Step {
  label: string;
  command: string;
  /** Arguments; a Vitest step gets the path its JSON report must be written to. */
  args: string[] | ((reportFile: string) => string[]);
  /** A Vitest run: its JSON report gives the passed and failed test counts. */
  counts?: boolean;
  /** Labels of steps that must have succeeded for this one to be worth running. */
  needs?: string[];
}

export interface Summary {
  passed: number;
  failed: number;
  skipped: number;
  failedSteps: string[];
  notRun: string[];
  /** Passed tests of each counting step, by label. */
  passedBy: Record<string, number>;
  /** Wall time of each step that ran, in seconds, by label. */
  secondsBy: Record<string, number>;
  /** "step: file › test: first line of the error", one for each failed test or file that did not run. */
  failures: string[];
  /** The same, for each test that failed and then passed on its retry (CI retries a failed test once). */
  retried: string[];
  exitCode: number;
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults?: {
    name: string;
    status?: string;
    message?: string;
    assertionResults?: { fullName?: string; title?: string; status: string; failureMessages?: string[] }[];
  }[];
}

type Log = (line: string) => void;

/** Runs a command with the terminal attached; never throws (a missing binary is a failed step). */
function runCommand(step: Step, args: string[], log: Log): boolean {
  log(`\n▶ ${step.label}`);
  const result = spawnSync(step.command, args, { stdio: 'inherit' });
  if (result.error) {
    log(`✗ ${step.label}: could not run ${step.command} (${result.error.message})`);
    return false;
  }
  if (result.status !== 0) {
    const how = result.signal ? `was stopped by ${result.signal}` : `exited with ${result.status}`;
    log(`✗ ${step.label} failed: ${path.basename(step.command)} ${how}`);
    return false;
  }
  return true;
}

function readReport(file: string): VitestJson | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as VitestJson;
  } catch {
    return null;
  }
}

const firstLine = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim()
    .slice(0, 300) ?? '';

/**
 * Each failed test of a report, and each file that failed without a failed test (it did not load,
 * or a hook threw), as "file › test: first line of the error", paths relative to the working folder.
 */
export function failuresOf(report: VitestJson): string[] {
  const lines: string[] = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(process.cwd(), file.name) || file.name;
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) {
      lines.push(`${name} › ${test.fullName ?? test.title ?? '?'}: ${firstLine(test.failureMessages?.[0])}`);
    }
    if (failed.length === 0 && file.status === 'failed') lines.push(`${name}: ${firstLine(file.message)}`);
  }
  return lines;
}

/**
 * Each test that passed only on a retry, as "file › test: first line of the first failure". Such a
 * test is unstable, or what it checks is: the list keeps it in view although the run passed.
 */
export function retriedOf(report: VitestJson): string[] {
  const lines: string[] = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(process.cwd(), file.name) || file.name;
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'passed' || (test.failureMessages ?? []).length === 0) continue;
      lines.push(`${name} › ${test.fullName ?? test.title ?? '?'}: ${firstLine(test.failureMessages?.[0])}`);
    }
  }
  return lines;
}

/** The one summary line, e.g. "812 passed, 0 failed (failed steps: typecheck, lint)". */
export function summaryLine(
  summary: Omit<Summary, 'exitCode' | 'passedBy' | 'secondsBy' | 'failures' | 'retried'>,
): string {
  const notes: string[] = [];
  if (summary.failedSteps.length > 0) notes.push(`failed steps: ${summary.failedSteps.join(', ')}`);
  if (summary.notRun.length > 0) notes.push(`not run: ${summary.notRun.join(', ')}`);
  const skipped = summary.skipped ? `, ${summary.skipped} skipped` : '';
  const note = notes.length > 0 ? ` (${notes.join('; ')})` : '';
  return `${summary.passed} passed, ${summary.failed} failed${skipped}${note}`;
}

/** "Phase times: typecheck 41 s, lint 4 s, ... (total 1234 s)", for the steps that ran. */
export function phaseTimes(secondsBy: Record<string, number>): string {
  const entries = Object.entries(secondsBy);
  const total = entries.reduce((sum, [, seconds]) => sum + seconds, 0);
  return `Phase times: ${entries.map(([label, seconds]) => `${label} ${seconds} s`).join(', ')} (total ${total} s)`;
}

/** Runs the steps in order and prints the summary line last. */
export function runSteps(
  steps: Step[],
  log: Log = console.info,
  details?: (passedBy: Record<string, number>) => string,
): Summary {
  const reports = mkdtempSync(path.join(tmpdir(), 'fp-reports-'));
  const summary: Summary = {
    passed: 0,
    failed: 0,
    skipped: 0,
    failedSteps: [],
    notRun: [],
    passedBy: {},
    secondsBy: {},
    failures: [],
    retried: [],
    exitCode: 0,
  };
  const unavailable = new Set<string>();

  for (const step of steps) {
    const missing = (step.needs ?? []).filter((label) => unavailable.has(label));
    if (missing.length > 0) {
      log(`\n▷ ${step.label}: not run (${missing.join(', ')} failed)`);
      summary.notRun.push(step.label);
      unavailable.add(step.label);
      continue;
    }
    const reportFile = path.join(reports, `${step.label.replace(/[^a-z0-9]+/gi, '-')}.json`);
    const args = typeof step.args === 'function' ? step.args(reportFile) : step.args;
    const started = performance.now();
    const ok = runCommand(step, args, log);
    summary.secondsBy[step.label] = Math.round((performance.now() - started) / 1000);
    if (!step.counts) {
      if (!ok) {
        summary.failedSteps.push(step.label);
        unavailable.add(step.label);
      }
      continue;
    }
    const report = readReport(reportFile);
    summary.passed += report?.numPassedTests ?? 0;
    summary.failed += report?.numFailedTests ?? 0;
    summary.skipped += (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0);
    summary.passedBy[step.label] = report?.numPassedTests ?? 0;
    if (report) summary.failures.push(...failuresOf(report).map((line) => `${step.label}: ${line}`));
    if (report) summary.retried.push(...retriedOf(report).map((line) => `${step.label}: ${line}`));
    // A run that failed without a failed test (a file that did not load, an unhandled error) counts.
    if (!ok || !report) {
      summary.failedSteps.push(step.label);
      unavailable.add(step.label);
    }
  }

  const nothingPassed = summary.passed === 0 && steps.some((step) => step.counts);
  const anyFailure = summary.failed > 0 || summary.failedSteps.length > 0 || summary.notRun.length > 0;
  summary.exitCode = anyFailure || nothingPassed ? 1 : 0;
  // The failed tests again, just above the summary: a long log is often read from its end only.
  if (summary.retried.length > 0) {
    log(`\nPassed only on a retry (${summary.retried.length}):`);
    for (const line of summary.retried.slice(0, 50)) log(`  ↻ ${line}`);
  }
  if (summary.failures.length > 0) {
    log(`\nFailed tests (${summary.failures.length}):`);
    for (const line of summary.failures.slice(0, 50)) log(`  ✗ ${line}`);
  }
  log(`\n${phaseTimes(summary.secondsBy)}`);
  if (details) log(details(summary.passedBy));
  log(summaryLine(summary));
  return summary;
}

const bin = (name: string) => path.join('node_modules', '.bin', name);
const vitestArgs = (extra: string[]) => (reportFile: string) => [
  'run',
  ...extra,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reportFile}`,
];

/** The Vitest projects whose tests open a database (vitest.config.ts); the web ones (`web`, `web-mocks`) never do. */
export const DATABASE_PROJECTS = ['server', 'server-processes'];

/**
 * Every step, in order. `databaseOnly` (TEST_ALL_DATABASE_ONLY=1, what CI sets for its second pass,
 * on PostgreSQL) leaves out what cannot differ from one database to another and already ran in the
 * first pass: types, lint, the feature graph and the web unit tests (happy-dom, no server).
 */
export function ciSteps({ databaseOnly = false } = {}): Step[] {
  return [
    { label: 'test tools', command: process.execPath, args: ['scripts/ensure-test-tools.ts'] },
    ...(databaseOnly
      ? []
      : [
          { label: 'typecheck', command: bin('tsc'), args: ['-b'] },
          { label: 'lint', command: bin('biome'), args: ['check', '.'] },
          { label: 'feature graph', command: process.execPath, args: ['scripts/feature-graph.ts'] },
        ]),
    {
      label: 'unit and server tests',
      command: bin('vitest'),
      args: vitestArgs(databaseOnly ? DATABASE_PROJECTS.flatMap((name) => ['--project', name]) : []),
      counts: true,
    },
    { label: 'build', command: bin('vite'), args: ['build'] },
    {
      label: 'browser tests',
      command: bin('vitest'),
      args: vitestArgs(['--config', 'vitest.e2e.config.ts']),
      counts: true,
      // Browser tests against an old build would test old code; without Chromium they cannot start.
      needs: ['test tools', 'build'],
    },
  ];
}

if (import.meta.main) {
  const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const databaseOnly = process.env.TEST_ALL_DATABASE_ONLY === '1';
  if (databaseOnly)
    console.info(
      'TEST_ALL_DATABASE_ONLY=1: typecheck, lint, feature graph and the web unit tests are left out (they do not touch the database).',
    );
  const summary = runSteps(ciSteps({ databaseOnly }), console.info, (counts) =>
    [
      `Database: ${database}${databaseOnly ? ' (database-dependent steps only)' : ''}.`,
      `Unit/server: ${counts['unit and server tests'] ?? 0} passed;`,
      `browser: ${counts['browser tests'] ?? 0} passed.`,
    ].join(' '),
  );
  process.exit(summary.exitCode);
}
