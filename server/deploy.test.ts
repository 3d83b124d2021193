import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES } from './config.ts';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface ComposeService {
  build?: unknown;
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: unknown;
  volumes?: string[];
  logging?: { driver?: string; options?: Record<string, string> };
}

/**
 * No container engine runs here: what can be checked is that Compose itself reads the file
 * (`docker-compose config`, from Debian's package, installed with the test tools), that the files
 * parse, that the app's services set only variables the configuration reads (a typo would be
 * ignored silently), and that the image is built the way the README builds.
 */
describe('the deployment files', () => {
  it('is read by Compose, which names each required setting that is missing', () => {
    const required = [
      ...new Set([...read('compose.yaml').matchAll(/\$\{([A-Z0-9_]+):\?/g)].map((m) => m[1] as string)),
    ];
    expect(required).toEqual(expect.arrayContaining(['APP_SECRET', 'POSTGRES_PASSWORD']));
    const config = (env: Record<string, string>) =>
      spawnSync('docker-compose', ['-f', 'compose.yaml', 'config', '-q'], {
        cwd: root,
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', ...env },
      });
    const complete = Object.fromEntries(required.map((name) => [name, 'set']));
    const ok = config(complete);
    expect(ok.error).toBeUndefined();
    expect(ok.status, ok.stderr).toBe(0);
    // Without one of them, Compose stops and says which, with the file's own hint.
    const { POSTGRES_PASSWORD: _left, ...missing } = complete;
    const refused = config(missing);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('set POSTGRES_PASSWORD in .env');
  });

  const compose = parse(read('compose.yaml'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
  const appServices = Object.entries(compose.services).filter(([, service]) => service.build !== undefined);

  it('runs PostgreSQL, Redis, an S3 server, two web processes and a worker', () => {
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['postgres', 'redis', 'minio', 'web-1', 'web-2', 'worker', 'caddy']),
    );
    expect(appServices.map(([name]) => name).sort()).toEqual(['web-1', 'web-2', 'worker']);
    expect(compose.services.worker?.command).toEqual(['node', 'server/worker.ts']);
  });

  it('gives the app only variables its configuration knows', () => {
    for (const [name, service] of appServices) {
      const unknown = Object.keys(service.environment ?? {}).filter((key) => !CONFIG_VARIABLES.includes(key));
      expect(unknown, name).toEqual([]);
      expect(service.environment).toMatchObject({
        NODE_ENV: 'production',
        RUN_JOBS: 'false',
        REDIS_URL: 'redis://redis:6379',
      });
      expect(service.environment?.DATABASE_URL).toMatch(/^postgres:\/\//);
      // Production refuses to start without SMTP (server/config.ts): the file must ask for it.
      expect(service.environment?.SMTP_URL).toMatch(/^\$\{SMTP_URL:\?/);
    }
  });

  it('rotates every container’s log, pins every image, gives each app container its own scratch and keeps backups in a volume', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.logging?.options?.['max-size'], name).toMatch(/^\d+m$/);
      expect(Number(service.logging?.options?.['max-file']), name).toBeGreaterThan(0);
      if (service.build === undefined) {
        expect(service.image, name).toMatch(/:[^:/]+$/);
        expect(service.image, name).not.toMatch(/:latest$/);
      }
    }
    const dataVolumes = appServices.map(([, service]) =>
      service.volumes?.find((volume) => volume.endsWith(':/data')),
    );
    expect(dataVolumes.every(Boolean)).toBe(true);
    expect(new Set(dataVolumes).size).toBe(appServices.length);
    // `npm run backup` writes to ./backups (server/backup.ts) in the image's /app: a volume there.
    for (const [name, service] of appServices)
      expect(service.volumes, name).toContain('backups:/app/backups');
    expect(read('Dockerfile')).toMatch(
      /mkdir -p [^\n]*\/app\/backups && chown node:node [^\n]*\/app\/backups/,
    );
  });

  it('builds the image with the README commands, runs it as a non-root user with ffmpeg and a health check', () => {
    const dockerfile = read('Dockerfile');
    const readme = read('README.md');
    for (const step of ['npm ci', 'npm run build']) {
      expect(dockerfile).toContain(`RUN ${step}`);
      expect(readme).toContain(step);
    }
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toContain('ffmpeg');
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/api\/health/m);
    const envKeys = [...dockerfile.matchAll(/^\s*(?:ENV\s+)?([A-Z_]+)=\S+(?: \\)?$/gm)].map(
      (match) => match[1],
    );
    expect(envKeys.length).toBeGreaterThan(0);
    for (const key of envKeys) expect(CONFIG_VARIABLES, key).toContain(key);
  });
});
