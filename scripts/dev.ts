/**
 * Development: the API with --watch on PORT (3000) and Vite with hot reload on 5173, which proxies
 * /api to it. Open the Vite URL.
 */
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT ?? '3000';
const children = [
  spawn(process.execPath, ['--watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

function stop(code: number) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}

for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
