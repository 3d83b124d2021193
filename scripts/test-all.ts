/**
 * Everything CI checks, in order: test tools present, types, lint, unit + server tests, web build,
 * browser tests. Ends with one summary line "N passed, N failed".
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const bin = (name: string) => path.join('node_modules', '.bin', name);
const reports = mkdtempSync(path.join(tmpdir(), 'fp-reports-'));

function run(label: string, command: string, args: string[]) {
  console.info(`\n▶ ${label}`);
  execFileSync(command, args, { stdio: 'inherit' });
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

function vitest(label: string, args: string[]): VitestJson {
  const outputFile = path.join(reports, `${label}.json`);
  let failed = false;
  try {
    run(label, bin('vitest'), [
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${outputFile}`,
    ]);
  } catch {
    failed = true;
  }
  let report: VitestJson;
  try {
    report = JSON.parse(readFileSync(outputFile, 'utf8')) as VitestJson;
  } catch {
    report = { numPassedTests: 0, numFailedTests: 1, numPendingTests: 0, numTodoTests: 0 };
  }
  if (failed && report.numFailedTests === 0) report.numFailedTests = 1;
  return report;
}

run('test tools', process.execPath, ['scripts/ensure-test-tools.ts']);
run('typecheck', bin('tsc'), ['-b']);
run('lint', bin('biome'), ['check', '.']);
const unit = vitest('unit', []);
run('build', bin('vite'), ['build']);
const e2e = vitest('e2e', ['--config', 'vitest.e2e.config.ts']);

const passed = unit.numPassedTests + e2e.numPassedTests;
const failed = unit.numFailedTests + e2e.numFailedTests;
const skipped = unit.numPendingTests + unit.numTodoTests + e2e.numPendingTests + e2e.numTodoTests;
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.info(
  `\nDatabase: ${database}. Unit/server: ${unit.numPassedTests} passed; browser: ${e2e.numPassedTests} passed.`,
);
console.info(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
