import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface RunningProcess {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Its exit code (null when a signal ended it), once it exits. */
  exited: Promise<number | null>;
}

/** `node <script>` from the repository's root, a real process, with `env` over this one's. */
export function startProcess(script: string, env: Record<string, string>): RunningProcess {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  // 'close' rather than 'exit': by then everything it printed has been read.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/**
 * Resolves once the process's output matches `pattern` (with the match); rejects when it exits
 * first or `timeoutMs` passes, with what it printed.
 */
export function waitForOutput(
  running: Pick<RunningProcess, 'output'> & Partial<Pick<RunningProcess, 'exited'>>,
  pattern: RegExp,
  timeoutMs = 15_000,
): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const deadline = Date.now() + timeoutMs;
    running.exited?.then((code) => {
      if (settled) return;
      settled = true;
      reject(new Error(`exited with ${code} before printing ${pattern}:\n${running.output()}`));
    });
    const check = () => {
      if (settled) return;
      const match = pattern.exec(running.output());
      if (match) {
        settled = true;
        resolve(match);
      } else if (Date.now() > deadline) {
        settled = true;
        reject(new Error(`no output matching ${pattern} within ${timeoutMs} ms:\n${running.output()}`));
      } else setTimeout(check, 20);
    };
    check();
  });
}

/** `node server/main.ts` on a free port; resolves with its URL once it listens. */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<RunningProcess & { url: string }> {
  const running = startProcess('server/main.ts', { PORT: '0', ...env });
  const [, url] = await waitForOutput(running, /running at (http:\/\/\S+)/, timeoutMs);
  return { ...running, url: url as string };
}

/** Waits until `check` holds, looking every 100 ms; fails naming `what` after `timeoutMs`. */
export async function until(
  check: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
