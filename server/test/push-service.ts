import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local push service, as a browser vendor's would answer: each device gets an endpoint; a push
 * to it must carry a valid VAPID signature (RFC 8292) for this service's origin from the expected
 * server key, and its body must decrypt (RFC 8291, aes128gcm) with the device's private key. What
 * arrives is decrypted here with node:crypto alone, so the sender is checked against the RFCs, not
 * against the library it uses. A device can be made to answer 410 Gone (the browser dropped it).
 */
export interface TestPushDevice {
  id: string;
  /** What the browser's PushSubscription.toJSON() would give. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface ReceivedPush {
  deviceId: string;
  /** The decrypted payload, parsed. */
  payload: { title: string; body: string; url: string; tag?: string };
  ttl: string | undefined;
  topic: string | undefined;
  /** When the request arrived (performance.now()). */
  at: number;
}

export interface TestPushService {
  origin: string;
  /** A new device (its keys made here, as a browser makes them). */
  device(): TestPushDevice;
  received: ReceivedPush[];
  /** Requests refused, with why (a bad signature, a wrong key, a body that does not decrypt). */
  refused: { deviceId: string; reason: string }[];
  /** The first push (already received or to come) matching, or a timeout error. */
  waitFor(match: (push: ReceivedPush) => boolean, timeoutMs?: number): Promise<ReceivedPush>;
  /** Waits until `count` pushes have arrived in all. */
  waitForCount(count: number, timeoutMs?: number): Promise<void>;
  /** From now on this device answers 410 Gone. */
  gone(deviceId: string): void;
  /** From now on this device's push service takes requests and never answers them. */
  hang(deviceId: string): void;
  /** Waits until a request for this hanging device has arrived (and is being held). */
  waitForHeld(deviceId: string, timeoutMs?: number): Promise<void>;
  /** Answers every held request 503 at last, and stops hanging. */
  release(): void;
  close(): Promise<void>;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** A P-256 public key (65 bytes, uncompressed) as a KeyObject. */
function p256Key(raw: Buffer) {
  return createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
    format: 'jwk',
  });
}

/** RFC 8292: `vapid t=<JWT>, k=<key>`; the JWT is ES256 over this origin, not expired, with a contact. */
function checkVapid(
  authorization: string | undefined,
  origin: string,
  serverKey: string | null,
): string | null {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match?.[1] || !match[2]) return 'no VAPID authorization';
  const [token, key] = [match[1], match[2]];
  if (serverKey !== null && key !== serverKey) return 'signed with another server key';
  const [header, claims, signature] = token.split('.');
  if (!header || !claims || !signature) return 'malformed token';
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: p256Key(Buffer.from(key, 'base64url')), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) return 'bad signature';
  const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string };
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (alg !== 'ES256') return 'not ES256';
  if (body.aud !== origin) return `audience ${body.aud} is not ${origin}`;
  const now = Date.now() / 1000;
  if (!body.exp || body.exp < now || body.exp > now + 24 * 3600 + 60) return 'expiry out of range';
  if (!body.sub || !/^(mailto:|https:)/.test(body.sub)) return 'no contact';
  return null;
}

/** RFC 8291 with RFC 8188's aes128gcm framing: one record, as web push sends. */
function decrypt(body: Buffer, device: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 2, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** `serverKey`: the VAPID public key pushes must be signed with (null: any). */
export async function startPushService(serverKey: string | null): Promise<TestPushService> {
  const devices = new Map<
    string,
    { ecdh: ReturnType<typeof createECDH>; auth: Buffer; gone: boolean; hanging?: boolean }
  >();
  const held: { deviceId: string; response: ServerResponse }[] = [];
  const received: ReceivedPush[] = [];
  const refused: { deviceId: string; reason: string }[] = [];
  const waiters = new Set<() => void>();
  let origin = '';

  const server = createServer(async (request, response) => {
    const id = /^\/push\/([0-9a-f]+)$/.exec(request.url ?? '')?.[1] ?? '';
    const device = devices.get(id);
    const body = await readBody(request);
    if (request.method !== 'POST' || !device) {
      response.writeHead(404).end();
      return;
    }
    if (device.gone) {
      response.writeHead(410).end();
      return;
    }
    if (device.hanging) {
      // Never answered: the connection stays open until the service closes.
      held.push({ deviceId: id, response });
      for (const wake of waiters) wake();
      return;
    }
    const problem =
      checkVapid(request.headers.authorization, origin, serverKey) ??
      (request.headers['content-encoding'] === 'aes128gcm' ? null : 'not aes128gcm');
    if (problem) {
      refused.push({ deviceId: id, reason: problem });
      response.writeHead(403).end();
      return;
    }
    try {
      const payload = JSON.parse(decrypt(body, device)) as ReceivedPush['payload'];
      const ttl = request.headers.ttl;
      const topic = request.headers.topic;
      received.push({
        deviceId: id,
        payload,
        ttl: Array.isArray(ttl) ? ttl[0] : ttl,
        topic: Array.isArray(topic) ? topic[0] : topic,
        at: performance.now(),
      });
      response.writeHead(201).end();
      for (const wake of waiters) wake();
    } catch (error) {
      refused.push({ deviceId: id, reason: `does not decrypt: ${(error as Error).message}` });
      response.writeHead(400).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function waitUntil(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(
          new Error(`timed out waiting for ${what} (received ${received.length}, refused ${refused.length})`),
        );
      }, timeoutMs);
      const check = () => {
        if (!done()) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
    });
  }

  return {
    origin,
    received,
    refused,
    device() {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(id, { ecdh, auth, gone: false });
      return {
        id,
        subscription: {
          endpoint: `${origin}/push/${id}`,
          keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
        },
      };
    },
    async waitFor(match, timeoutMs = 10_000) {
      await waitUntil(() => received.some(match), timeoutMs, 'a matching push');
      return received.find(match) as ReceivedPush;
    },
    waitForCount: (count, timeoutMs = 30_000) =>
      waitUntil(() => received.length >= count, timeoutMs, `${count} pushes`),
    gone(deviceId) {
      const device = devices.get(deviceId);
      if (device) device.gone = true;
    },
    hang(deviceId) {
      const device = devices.get(deviceId);
      if (device) device.hanging = true;
    },
    waitForHeld: (deviceId, timeoutMs = 10_000) =>
      waitUntil(
        () => held.some((request) => request.deviceId === deviceId),
        timeoutMs,
        `a held request for ${deviceId}`,
      ),
    release() {
      for (const device of devices.values()) device.hanging = false;
      for (const request of held.splice(0)) request.response.writeHead(503).end();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
