/**
 * Browser tests drive Debian's Chromium; this installs it (and ffmpeg for media tests, and Compose
 * to read compose.yaml) with apt-get when missing. Nothing is downloaded outside the package manager.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const wanted = [
  { bin: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', pkg: 'chromium' },
  { bin: '/usr/bin/ffmpeg', pkg: 'ffmpeg' },
  // `docker-compose config` checks compose.yaml as Compose reads it (server/deploy.test.ts).
  { bin: '/usr/bin/docker-compose', pkg: 'docker-compose' },
];
const missing = wanted.filter((tool) => !existsSync(tool.bin)).map((tool) => tool.pkg);

if (missing.length === 0) {
  console.info('test tools present: chromium, ffmpeg, docker-compose');
} else {
  const asRoot = process.getuid?.() === 0;
  const aptGet = (args: string[]) =>
    execFileSync(asRoot ? 'apt-get' : 'sudo', asRoot ? args : ['apt-get', ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  console.info(`installing ${missing.join(', ')} with apt-get`);
  aptGet(['update', '-qq']);
  aptGet(['install', '-y', '-qq', '--no-install-recommends', ...missing, 'fonts-liberation']);
}
