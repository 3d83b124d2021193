import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpCapture {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  messages: CapturedMail[];
  /** The first message (from now on or already received) matching, or a timeout error. */
  waitFor(match: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  /** Answers each message only after this long (to show a caller does not wait for mail). */
  delayReplies(ms: number): void;
  close(): Promise<void>;
}

function unfoldHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeQuotedPrintable(body: string): Buffer {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(joined.charCodeAt(i));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 words such as =?UTF-8?Q?...?= in headers. */
function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
    (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replaceAll('_', ' ')).toString('utf8'),
  );
}

function param(header: string, name: string): string | null {
  return new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header)?.[1] ?? null;
}

/** Walks a MIME entity and collects its text/plain and text/html bodies. */
function readEntity(entity: string, found: { text: string; html: string }): Map<string, string> {
  const split = entity.indexOf('\r\n\r\n');
  const headers = unfoldHeaders(split === -1 ? entity : entity.slice(0, split));
  const body = split === -1 ? '' : entity.slice(split + 4);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = param(type, 'boundary');
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      readEntity(part.replace(/^\r\n/, ''), found);
    }
    return headers;
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const decoded =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body).toString('utf8')
        : body;
  if (type.toLowerCase().startsWith('text/html')) found.html += decoded;
  else if (type.toLowerCase().startsWith('text/plain')) found.text += decoded;
  return headers;
}

export function parseMail(raw: string, to: string[]): CapturedMail {
  const found = { text: '', html: '' };
  const headers = readEntity(raw, found);
  return { to, subject: decodeWords(headers.get('subject') ?? ''), text: found.text, html: found.html, raw };
}

/** A real SMTP server on 127.0.0.1 that keeps every message it receives. */
export async function startSmtpCapture(
  options: { onMessage?: (mail: CapturedMail) => void } = {},
): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const listeners = new Set<(mail: CapturedMail) => void>();
  let delayMs = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((address) => address.address.toLowerCase());
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), to);
        setTimeout(() => {
          messages.push(mail);
          options.onMessage?.(mail);
          for (const listener of listeners) listener(mail);
          callback();
        }, delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(match, timeoutMs = 5000) {
      const already = messages.find(match);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          listeners.delete(listener);
          reject(new Error(`no matching email within ${timeoutMs} ms (got ${messages.length})`));
        }, timeoutMs);
        const listener = (mail: CapturedMail) => {
          if (!match(mail)) return;
          clearTimeout(timer);
          listeners.delete(listener);
          resolve(mail);
        };
        listeners.add(listener);
      });
    },
    delayReplies(ms) {
      delayMs = ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
