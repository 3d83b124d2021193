/**
 * What a server checks once it listens, besides the configuration (config.ts) and the database
 * (db/client.ts), which stop a start: the outside tools it can run without, each told in one line
 * naming the variable or the tool and what to do, so a missing one is not found out by a user.
 */
import { execFile } from 'node:child_process';
import nodemailer from 'nodemailer';
import type { Config } from './config.ts';

interface CheckLog {
  warn(details: object, message: string): void;
}

/** Whether `program -version` runs: false when it is not there (or not a program). */
function runs(program: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(program, ['-version'], { timeout: 10_000 }, (error) => resolve(error === null));
  });
}

/** ffmpeg and ffprobe make video renditions and read uploads: without them videos stay unprocessed. */
export async function checkFfmpeg(media: Pick<Config['media'], 'ffmpegPath' | 'ffprobePath'>, log: CheckLog) {
  for (const [variable, program] of [
    ['FFMPEG_PATH', media.ffmpegPath],
    ['FFPROBE_PATH', media.ffprobePath],
  ] as const) {
    if (!(await runs(program)))
      log.warn(
        { [variable]: program },
        `${program} does not run (${variable}): videos are refused or left unprocessed until it is installed (Debian: apt install ffmpeg) or ${variable} names it`,
      );
  }
}

/** The SMTP server from SMTP_URL: sign-up codes, password resets and receipts go through it. */
export async function checkSmtp(smtpUrl: string | null, log: CheckLog, timeoutMs = 10_000) {
  if (!smtpUrl) return;
  let where = 'the SMTP_URL server';
  try {
    const url = new URL(smtpUrl);
    where = `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? '465' : '587')}`;
  } catch {
    // Named as a whole below: the address itself cannot be read.
  }
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  try {
    await transport.verify();
  } catch (error) {
    const reason = (error as { code?: string }).code ?? (error as Error).message;
    log.warn(
      { smtp: where, reason },
      `SMTP_URL: ${where} did not accept a connection (${reason}): sign-up codes, password resets and receipts are not sent until it does. Check SMTP_URL and that the server is up`,
    );
  } finally {
    transport.close();
  }
}

/** Both checks, in the background of a start (neither holds the server back). */
export async function runStartChecks(config: Pick<Config, 'media' | 'mail'>, log: CheckLog): Promise<void> {
  await Promise.all([checkFfmpeg(config.media, log), checkSmtp(config.mail.smtpUrl, log)]);
}
