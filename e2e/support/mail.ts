import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { currentServer } from './own-server.ts';

export interface SentMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

function allMail(): SentMail[] {
  const dir = currentServer().mailDir;
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10))
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as SentMail);
}

/** The newest email to `to` whose subject matches, waiting for it to arrive (real SMTP capture). */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 10_000): Promise<SentMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = allMail()
      .reverse()
      .find((mail) => mail.to.includes(to.toLowerCase()) && subject.test(mail.subject));
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`no email to ${to} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** How many emails have reached `to` so far (to wait for the next one). */
export function mailCount(to: string): number {
  return allMail().filter((mail) => mail.to.includes(to.toLowerCase())).length;
}
