import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { freshDatabaseEnv } from './test/helpers.ts';
import {
  type RunningProcess,
  startProcess,
  startServer as startRealServer,
  waitForOutput,
} from './test/processes.ts';

/** The server process, logging at info (request lines are checked). */
const startServer = (env: Record<string, string>) => startRealServer({ LOG_LEVEL: 'info', ...env });

/**
 * A sign-in with a wrong password whose headers and first half of the body are sent: the server
 * has the request and waits for the rest. `finish` sends the rest and resolves with the answer.
 */
async function signinInFlight(
  server: RunningProcess & { url: string },
  email: string,
  agent: http.Agent | false,
): Promise<{ finish(): Promise<{ status: number; body: string }> }> {
  const { hostname, port } = new URL(server.url);
  const body = JSON.stringify({ email, password: 'not-the-password' });
  const half = Math.floor(body.length / 2);
  const request = http.request({
    host: hostname,
    port,
    method: 'POST',
    path: '/api/auth/signin',
    agent,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  // Reported by finish(); this only keeps a failed run from leaving an unhandled rejection.
  response.catch(() => undefined);
  request.write(body.slice(0, half));
  await waitForOutput(server, /"url":"\/api\/auth\/signin".*"msg":"incoming request"/);
  return {
    finish() {
      request.end(body.slice(half));
      return response;
    },
  };
}

/** True once the server no longer takes a new request: refused, or answered 503 while closing. */
function turnedAway(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    http
      .get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode === 503);
      })
      .on('error', () => resolve(true));
  });
}

describe('the server process', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-main-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts, refuses a second process on the same data, stops on SIGTERM and starts again on the same data', async () => {
    const env = { DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web') };
    const first = await startServer(env);
    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
    const secret = (await fetch(`${first.url}/api/ready`).then((r) => r.json())) as { driver: string };
    expect(secret.driver).toBe('pglite');
    // Probes are not logged at info; other requests are, each with an id unique across processes.
    await fetch(`${first.url}/api/config`);
    await waitForOutput(first, /"url":"\/api\/config"/);
    expect(first.output()).not.toMatch(/"url":"\/api\/(health|ready)"/);
    expect(first.output()).toMatch(/"reqId":"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"/);

    await expect(startServer(env)).rejects.toThrow(/already open in another process/);

    const exited = first.exited;
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(first.output()).toContain('stopped');

    const second = await startServer(env);
    expect((await fetch(`${second.url}/api/ready`)).status).toBe(200);
    const exitedAgain = second.exited;
    second.child.kill('SIGTERM');
    expect(await exitedAgain).toBe(0);
  }, 90_000);

  it('stops with `npm start` when that process is sent SIGTERM, leaving no server behind', async () => {
    const npmDir = mkdtempSync(path.join(tmpdir(), 'fp-main-npm-'));
    // npm as a newcomer runs it, on the pinned Node (its directory first on PATH).
    const bin = path.dirname(process.execPath);
    const child = spawn('npm', ['start'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        PATH: `${bin}:${process.env.PATH ?? ''}`,
        PORT: '0',
        DATA_DIR: npmDir,
        WEB_DIST_DIR: path.join(npmDir, 'no-web'),
        SEED_DEMO: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
    const [, url] = await waitForOutput({ output: () => output }, /running at (http:\/\/\S+)/, 60_000);
    const port = Number(new URL(String(url)).port);
    child.kill('SIGTERM');
    await closed;
    // The server itself stopped too: its port no longer answers and it said so.
    await waitForOutput({ output: () => output }, /"msg":"stopped"/, 15_000);
    expect(await turnedAway(port)).toBe(true);
    rmSync(npmDir, { recursive: true, force: true });
  }, 90_000);

  it('on SIGTERM finishes a request still in flight, then exits 0', async () => {
    const shutdownDir = mkdtempSync(path.join(tmpdir(), 'fp-main-term-'));
    const server = await startServer({
      DATA_DIR: shutdownDir,
      WEB_DIST_DIR: path.join(shutdownDir, 'no-web'),
    });
    try {
      const signin = await signinInFlight(server, 'nobody@example.com', false);

      const exited = server.exited;
      server.child.kill('SIGTERM');
      await waitForOutput(server, /shutting down: finishing in-flight requests/);
      // The server stopped taking new connections, but the open request is still being served.
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
      expect(server.child.exitCode).toBeNull();

      const answer = await signin.finish();
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toMatchObject({ message: 'Password or email incorrect' });
      expect(await exited).toBe(0);
      expect(server.output()).toContain('stopped');
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      rmSync(shutdownDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('on SIGTERM with keep-alive connections and an event stream open, exits 0 within 2 s of the last request finishing', async () => {
    const shutdownDir = mkdtempSync(path.join(tmpdir(), 'fp-main-keepalive-'));
    const server = await startServer({
      DATA_DIR: shutdownDir,
      WEB_DIST_DIR: path.join(shutdownDir, 'no-web'),
    });
    const agent = new http.Agent({ keepAlive: true });
    try {
      const { hostname, port } = new URL(server.url);
      const call = (method: string, route: string, body?: object, headers: Record<string, string> = {}) =>
        fetch(`${server.url}${route}`, {
          method,
          headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
      // A signed-in user (the code comes from the log mailer) for the event stream.
      const email = `term-${Date.now()}@example.com`;
      const password = 'tangerine-lantern-5521';
      const signup = await call('POST', '/api/auth/signup', {
        email,
        password,
        firstName: 'Ter',
        lastName: 'Minate',
        acceptTerms: true,
      });
      expect(signup.status).toBe(201);
      await waitForOutput(server, /verification code/);
      const code = /\b(\d{6})\b is your Fanplace verification code/.exec(server.output())?.[1];
      const verified = await call('POST', '/api/auth/verify-email', { email, code });
      expect(verified.status).toBe(200);
      const { token } = (await verified.json()) as { token: string };

      const get = (route: string, headers: Record<string, string> = {}) =>
        new Promise<http.IncomingMessage>((resolve, reject) => {
          http.get({ host: hostname, port, path: route, agent, headers }, resolve).on('error', reject);
        });
      // An event stream, open for as long as the server lets it.
      const stream = await get('/api/events', { authorization: `Bearer ${token}` });
      expect(stream.statusCode).toBe(200);
      const streamEnded = new Promise<void>((resolve) => stream.on('close', resolve));
      stream.resume();
      // An idle keep-alive connection, as a browser or load balancer leaves one.
      const idle = await get('/api/health');
      idle.resume();
      await new Promise((resolve) => idle.on('end', resolve));

      // A request in flight on a keep-alive connection: headers and half the body sent.
      const signin = await signinInFlight(server, email, agent);

      const exited = server.exited;
      server.child.kill('SIGTERM');
      await waitForOutput(server, /shutting down: finishing in-flight requests/);
      await streamEnded;
      expect(server.child.exitCode).toBeNull();
      expect((await signin.finish()).status).toBe(401);
      const finishedAt = Date.now();
      expect(await exited).toBe(0);
      expect(Date.now() - finishedAt).toBeLessThan(2000);
    } finally {
      agent.destroy();
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      rmSync(shutdownDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('on SIGTERM with a resumable upload in flight, answers it and exits 0 within 2 s', async () => {
    const shutdownDir = mkdtempSync(path.join(tmpdir(), 'fp-main-upload-'));
    const server = await startServer({
      DATA_DIR: shutdownDir,
      WEB_DIST_DIR: path.join(shutdownDir, 'no-web'),
      SEED_DEMO: 'false',
    });
    const agent = new http.Agent({ keepAlive: true });
    try {
      const { hostname, port } = new URL(server.url);
      const json = { 'content-type': 'application/json' };
      const email = `upload-${Date.now()}@example.com`;
      const signup = await fetch(`${server.url}/api/auth/signup`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          email,
          password: 'tangerine-lantern-5521',
          firstName: 'Up',
          lastName: 'Load',
          acceptTerms: true,
        }),
      });
      expect(signup.status).toBe(201);
      await waitForOutput(server, /verification code/);
      const code = /\b(\d{6})\b is your Fanplace verification code/.exec(server.output())?.[1];
      const verified = await fetch(`${server.url}/api/auth/verify-email`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email, code }),
      });
      const { token } = (await verified.json()) as { token: string };
      const tus = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
      const created = await fetch(`${server.url}/api/uploads`, {
        method: 'POST',
        headers: {
          ...tus,
          'upload-length': '200000',
          'upload-metadata': `filetype ${Buffer.from('image/jpeg').toString('base64')}`,
        },
      });
      expect(created.status).toBe(201);
      const location = new URL(created.headers.get('location') ?? '', `${server.url}/api/uploads/`).pathname;

      // A chunk on a keep-alive connection, half of it sent: the upload is in flight.
      const chunk = Buffer.alloc(100_000, 7);
      const patch = http.request({
        host: hostname,
        port,
        method: 'PATCH',
        path: location,
        agent,
        headers: {
          ...tus,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(chunk.length),
        },
      });
      const answered = new Promise<number>((resolve, reject) => {
        patch.on('response', (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        });
        patch.on('error', reject);
      });
      patch.write(chunk.subarray(0, 50_000));
      await waitForOutput(server, /"method":"PATCH".*"msg":"incoming request"/);

      const exited = server.exited;
      server.child.kill('SIGTERM');
      await waitForOutput(server, /shutting down: finishing in-flight requests/);
      patch.end(chunk.subarray(50_000));
      expect(await answered).toBe(204);
      const finishedAt = Date.now();
      expect(await exited).toBe(0);
      expect(Date.now() - finishedAt).toBeLessThan(2000);
    } finally {
      agent.destroy();
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      rmSync(shutdownDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('on a first start seeds the demo content before saying it is running, in one summary line', async () => {
    const demoDir = mkdtempSync(path.join(tmpdir(), 'fp-main-demo-'));
    const starting = startProcess('server/main.ts', {
      LOG_LEVEL: 'info',
      PORT: '0',
      DATA_DIR: demoDir,
      WEB_DIST_DIR: path.join(demoDir, 'no-web'),
      SEED_DEMO: 'true',
    });
    // Listening, and not ready until the demo content is there: a load balancer waits for it.
    const [, listening] = await waitForOutput(
      starting,
      /"url":"(http:\/\/[^"]+)","database":"pglite","msg":"listening"/,
      60_000,
    );
    const early = await fetch(`${listening}/api/ready`);
    expect(early.status).toBe(503);
    expect(await early.json()).toMatchObject({ status: 'starting', waitingFor: ['demo content'] });
    const [, url] = await waitForOutput(starting, /running at (http:\/\/\S+)/, 90_000);
    const server = { ...starting, url: url as string };
    try {
      expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
      // Said before the app is ready, on the same output as the ready line.
      const output = server.output();
      const ready = output.indexOf('Demo content ready: 5 creators and 17 posts to explore');
      expect(ready, output).toBeGreaterThan(-1);
      expect(ready).toBeLessThan(output.indexOf('running at'));
      // What "running at" promises is there: Discover already has the demo posts.
      const discover = (await fetch(`${server.url}/api/discover?limit=5`).then((r) => r.json())) as {
        items: unknown[];
      };
      expect(discover.items.length).toBeGreaterThan(0);
      // The seed went through the app's own routes in one summary log line, not a line per request;
      // a visitor's request is still logged as usual.
      await waitForOutput(server, /"url":"\/api\/discover\?limit=5".*"msg":"incoming request"/);
      await waitForOutput(server, /"msg":"request completed"/);
      await waitForOutput(server, /"msg":"demo data seeded"/);
      const lines = server.output().split('\n');
      expect(lines.filter((line) => line.includes('"msg":"demo data seeded"'))).toHaveLength(1);
      expect(lines.filter((line) => /"msg":"(incoming request|request completed)"/.test(line))).toHaveLength(
        2,
      );
    } finally {
      const exited = server.exited;
      server.child.kill('SIGTERM');
      await exited;
      rmSync(demoDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('says in one line when ffmpeg does not run or the SMTP server does not answer, and serves anyway', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = http.createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const toolsDir = mkdtempSync(path.join(tmpdir(), 'fp-main-tools-'));
    const server = await startServer({
      DATA_DIR: toolsDir,
      PORT: '0',
      SEED_DEMO: 'false',
      FFMPEG_PATH: path.join(toolsDir, 'no-ffmpeg'),
      SMTP_URL: `smtp://127.0.0.1:${closedPort}`,
    });
    try {
      const ffmpegLine = await waitForOutput(
        server,
        /"msg":"[^"]*no-ffmpeg does not run \(FFMPEG_PATH\)[^"]*"/,
      );
      expect(ffmpegLine[0]).toContain('apt install ffmpeg');
      const smtpLine = await waitForOutput(
        server,
        /"msg":"SMTP_URL: 127\.0\.0\.1:\d+ did not accept a connection[^"]*"/,
      );
      expect(smtpLine[0]).toContain(`127.0.0.1:${closedPort}`);
      // One line each, and ffprobe (found) is not named.
      expect(server.output().match(/does not run/g)).toHaveLength(1);
      expect(server.output().match(/did not accept a connection/g)).toHaveLength(1);
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      const exited = server.exited;
      server.child.kill('SIGTERM');
      await exited;
      rmSync(toolsDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('stops with a message naming a bad variable', async () => {
    await expect(startServer({ DATA_DIR: dataDir, PORT: 'not-a-port' })).rejects.toThrow(/PORT/);
  });
});

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, then closes the database', async () => {
    const database = await freshDatabaseEnv();
    const config = loadConfig({ LOG_LEVEL: 'silent', ...database.env }, { ephemeral: true });
    const app = await buildApp(config, { runJobs: false });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered: () => void = () => {};
    const inHandler = new Promise<void>((resolve) => {
      entered = resolve;
    });
    app.get('/api/test/slow', async () => {
      entered();
      await gate;
      return { finished: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address !== 'object') throw new Error('no address');

    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: address.port, path: '/api/test/slow' }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => {
            body += chunk.toString();
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        })
        .on('error', reject);
    });
    await inHandler;
    const closing = app.close();
    // The close is under way once a new request is turned away; the database is still open then.
    await expect.poll(() => turnedAway(address.port), { timeout: 10_000, interval: 20 }).toBe(true);
    expect(await app.services.database.ping()).toBe(true);
    release();

    expect(await response).toEqual({ status: 200, body: JSON.stringify({ finished: true }) });
    await closing;
    expect(await app.services.database.ping()).toBe(false);
    await database.drop();
  });
});
