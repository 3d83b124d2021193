import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../vitest.config.ts';
import { ciSteps, DATABASE_PROJECTS, runSteps, type Step } from './test-all.ts';

const root = path.resolve(import.meta.dirname, '..');
const node = process.execPath;

/** A real command that exits with the given code. */
const exitWith = (label: string, code: number, extra: Partial<Step> = {}): Step => ({
  label,
  command: node,
  args: ['-e', `process.exit(${code})`],
  ...extra,
});

/** A real command that writes a Vitest-shaped JSON report, then exits with the given code. */
const testRun = (
  label: string,
  passed: number,
  failed: number,
  code = failed > 0 ? 1 : 0,
  extra: Partial<Step> = {},
) => ({
  label,
  command: node,
  counts: true,
  args: (reportFile: string) => [
    '-e',
    `require('node:fs').writeFileSync(${JSON.stringify(reportFile)}, JSON.stringify({ numPassedTests: ${passed}, numFailedTests: ${failed}, numPendingTests: 0, numTodoTests: 0 })); process.exit(${code})`,
  ],
  ...extra,
});

function run(steps: Step[]) {
  const lines: string[] = [];
  const summary = runSteps(steps, (line) => lines.push(line));
  return { summary, lines, last: lines.at(-1)?.trim() };
}

describe('the test-all runner', () => {
  it('prints the time of each step that ran before the summary line', () => {
    const { lines, summary } = run([
      exitWith('typecheck', 2),
      testRun('browser tests', 1, 0, 0, { needs: ['typecheck'] }),
      exitWith('lint', 0),
    ]);
    expect(Object.keys(summary.secondsBy)).toEqual(['typecheck', 'lint']);
    expect(lines.at(-2)?.trim()).toMatch(/^Phase times: typecheck \d+ s, lint \d+ s \(total \d+ s\)$/);
  });

  it('ends with the summary line and exits 0 when everything passes', () => {
    const { summary, last } = run([
      exitWith('typecheck', 0),
      exitWith('lint', 0),
      testRun('unit and server tests', 12, 0),
      exitWith('build', 0),
      testRun('browser tests', 3, 0, 0, { needs: ['build'] }),
    ]);
    expect(last).toBe('15 passed, 0 failed');
    expect(summary.exitCode).toBe(0);
  });

  it('goes on after a failed typecheck and lint, names them in the summary line and exits non-zero', () => {
    const { summary, lines, last } = run([
      exitWith('typecheck', 2),
      exitWith('lint', 1),
      testRun('unit and server tests', 12, 0),
      exitWith('build', 0),
      testRun('browser tests', 3, 0, 0, { needs: ['build'] }),
    ]);
    expect(last).toBe('15 passed, 0 failed (failed steps: typecheck, lint)');
    expect(lines).toContain('✗ typecheck failed: node exited with 2');
    expect(summary.exitCode).toBe(1);
  });

  it('does not run the browser tests on an old build when the build fails', () => {
    const { summary, lines, last } = run([
      exitWith('typecheck', 0),
      testRun('unit and server tests', 12, 1),
      exitWith('build', 1),
      testRun('browser tests', 3, 0, 0, { needs: ['build'] }),
    ]);
    expect(last).toBe(
      '12 passed, 1 failed (failed steps: unit and server tests, build; not run: browser tests)',
    );
    expect(lines.some((line) => line.includes('browser tests: not run (build failed)'))).toBe(true);
    expect(summary.exitCode).toBe(1);
  });

  it('names each failed test and each file that did not run above the summary line', () => {
    const report = {
      numPassedTests: 3,
      numFailedTests: 1,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [
        {
          name: path.join(process.cwd(), 'server', 'a.test.ts'),
          status: 'failed',
          assertionResults: [
            {
              fullName: 'a lists newest first',
              status: 'failed',
              failureMessages: ['\nAssertionError: expected 1 to be 2\n    at x'],
            },
            { fullName: 'a passes', status: 'passed' },
          ],
        },
        {
          name: path.join(process.cwd(), 'server', 'b.test.ts'),
          status: 'failed',
          message: 'Hook timed out in 60000ms',
          assertionResults: [],
        },
        {
          name: path.join(process.cwd(), 'server', 'c.test.ts'),
          status: 'passed',
          assertionResults: [{ fullName: 'c', status: 'passed' }],
        },
      ],
    };
    const step: Step = {
      label: 'unit and server tests',
      command: node,
      counts: true,
      args: (reportFile) => [
        '-e',
        `require('node:fs').writeFileSync(${JSON.stringify(reportFile)}, ${JSON.stringify(JSON.stringify(report))}); process.exit(1)`,
      ],
    };
    const { summary, lines } = run([step]);
    expect(summary.failures).toEqual([
      `unit and server tests: ${path.join('server', 'a.test.ts')} › a lists newest first: AssertionError: expected 1 to be 2`,
      `unit and server tests: ${path.join('server', 'b.test.ts')}: Hook timed out in 60000ms`,
    ]);
    const heading = lines.findIndex((line) => line.includes('Failed tests (2):'));
    expect(heading).toBeGreaterThan(-1);
    expect(lines[heading + 1]).toContain('a lists newest first');
    expect(lines.at(-1)?.trim()).toBe('3 passed, 1 failed (failed steps: unit and server tests)');
  });

  it('lists a test that passed only on its retry, with its first failure, although the run passed', () => {
    // The shape Vitest's JSON report gives a test that failed once and passed on its retry.
    const report = {
      numPassedTests: 2,
      numFailedTests: 0,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [
        {
          name: path.join(process.cwd(), 'server', 'r.test.ts'),
          status: 'passed',
          assertionResults: [
            {
              fullName: 'r traces the recording',
              status: 'passed',
              failureMessages: ['AssertionError: expected "no_mark" to be "found"\n    at x'],
            },
            { fullName: 'r steady', status: 'passed', failureMessages: [] },
          ],
        },
      ],
    };
    const step: Step = {
      label: 'unit and server tests',
      command: node,
      counts: true,
      args: (reportFile) => [
        '-e',
        `require('node:fs').writeFileSync(${JSON.stringify(reportFile)}, ${JSON.stringify(JSON.stringify(report))})`,
      ],
    };
    const { summary, lines, last } = run([step]);
    expect(summary.exitCode).toBe(0);
    expect(summary.retried).toEqual([
      `unit and server tests: ${path.join('server', 'r.test.ts')} › r traces the recording: AssertionError: expected "no_mark" to be "found"`,
    ]);
    const heading = lines.findIndex((line) => line.includes('Passed only on a retry (1):'));
    expect(heading).toBeGreaterThan(-1);
    expect(lines[heading + 1]).toContain('r traces the recording');
    expect(last).toBe('2 passed, 0 failed');
  });

  it('counts a test run that failed without a report (a file that did not load) as a failed step', () => {
    const { summary, last } = run([
      exitWith('typecheck', 0),
      exitWith('unit and server tests', 1, { counts: true }),
    ]);
    expect(last).toBe('0 passed, 0 failed (failed steps: unit and server tests)');
    expect(summary.exitCode).toBe(1);
  });

  it('treats a tool that cannot be started as a failed step, without throwing', () => {
    const missing = path.join(root, 'node_modules', '.bin', 'no-such-tool');
    const { summary, lines, last } = run([
      { label: 'lint', command: missing, args: ['check', '.'] },
      testRun('unit and server tests', 4, 0),
    ]);
    expect(lines.some((line) => /✗ lint: could not run .*no-such-tool \(.*ENOENT/.test(line))).toBe(true);
    expect(last).toBe('4 passed, 0 failed (failed steps: lint)');
    expect(summary.exitCode).toBe(1);
  });

  it('fails a run in which no test passed at all', () => {
    const { summary, last } = run([exitWith('typecheck', 0), testRun('unit and server tests', 0, 0)]);
    expect(last).toBe('0 passed, 0 failed');
    expect(summary.exitCode).toBe(1);
  });

  it('as a process: a failed typecheck prints the summary line last, no stack trace, and exits non-zero', () => {
    const script = path.join(mkdtempSync(path.join(tmpdir(), 'fp-test-all-')), 'run.mjs');
    writeFileSync(
      script,
      [
        `import { runSteps } from ${JSON.stringify(path.join(root, 'scripts', 'test-all.ts'))};`,
        `const steps = [`,
        `  { label: 'typecheck', command: process.execPath, args: ['-e', 'throw new Error("type error")'] },`,
        `  { label: 'lint', command: process.execPath, args: ['-e', 'process.exit(0)'] },`,
        `];`,
        `process.exit(runSteps(steps).exitCode);`,
      ].join('\n'),
    );
    const result = spawnSync(node, [script], { cwd: root, encoding: 'utf8' });
    const lines = result.stdout.trim().split('\n');
    expect(lines.at(-1)).toBe('0 passed, 0 failed (failed steps: typecheck)');
    expect(result.status).toBe(1);
    // The failing tool's own output (here its stack) is passed through; the runner adds none of its own.
    const runnerOutput = result.stdout;
    expect(runnerOutput).not.toMatch(/^\s+at /m);
    expect(result.stderr).toContain('type error');
    expect(result.stderr.split('\n').filter((line) => /test-all\.ts/.test(line))).toEqual([]);
  });

  it('runs the browser tests only after a successful build and with the test tools present', () => {
    const steps = ciSteps();
    const labels = steps.map((step) => step.label);
    expect(labels).toEqual([
      'test tools',
      'typecheck',
      'lint',
      'feature graph',
      'unit and server tests',
      'build',
      'browser tests',
    ]);
    expect(steps.find((step) => step.label === 'browser tests')?.needs).toEqual(['test tools', 'build']);
    expect(steps.filter((step) => step.counts).map((step) => step.label)).toEqual([
      'unit and server tests',
      'browser tests',
    ]);
  });

  it('leaves out only what cannot depend on the database in a database-only pass', () => {
    const steps = ciSteps({ databaseOnly: true });
    expect(steps.map((step) => step.label)).toEqual([
      'test tools',
      'unit and server tests',
      'build',
      'browser tests',
    ]);
    const unitArgs = steps.find((step) => step.label === 'unit and server tests')?.args;
    const args = typeof unitArgs === 'function' ? unitArgs('/tmp/report.json') : unitArgs;
    expect(args?.filter((_arg, i) => args[i - 1] === '--project')).toEqual(DATABASE_PROJECTS);
    // Every project but the web unit tests is one whose tests open a database.
    const projects = (config.test?.projects ?? []).map(
      (project) => (project as { test?: { name?: string } }).test?.name,
    );
    expect(projects.filter((name) => !DATABASE_PROJECTS.includes(name ?? ''))).toEqual(['web', 'web-mocks']);
    // And the full pass runs every project.
    const fullArgs = ciSteps().find((step) => step.label === 'unit and server tests')?.args;
    expect((typeof fullArgs === 'function' ? fullArgs('/tmp/r.json') : fullArgs)?.includes('--project')).toBe(
      false,
    );
  });
});
