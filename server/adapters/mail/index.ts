import type { Config } from '../../config.ts';
import { createLogMailer } from './log-driver.ts';
import type { Mailer, MailLogger, MailMessage } from './mailer.ts';
import { createSmtpMailer } from './smtp-driver.ts';

/**
 * What services send mail through. A failure is logged and reported as `false`, never thrown:
 * the action that asked for the mail already happened, and the user can ask again.
 */
export interface Outbox {
  send(message: MailMessage): Promise<boolean>;
  /** Sends without making the caller wait, for answers whose timing must not say anything. */
  sendInBackground(message: MailMessage): void;
  /**
   * Resolves once every background send started so far has finished: after it, a mail that was
   * going to leave has left (tests wait for it before checking that none went out).
   */
  idle(): Promise<void>;
  /** Waits for background sends, then closes the driver. */
  close(): Promise<void>;
}

export function createOutbox(mailer: Mailer, log: MailLogger): Outbox {
  const pending = new Set<Promise<boolean>>();
  async function send(message: MailMessage): Promise<boolean> {
    try {
      await mailer.send(message);
      return true;
    } catch (error) {
      log.error({ err: error }, 'sending an email failed');
      return false;
    }
  }
  return {
    send,
    sendInBackground(message) {
      const sending = send(message);
      pending.add(sending);
      void sending.finally(() => pending.delete(sending));
    },
    async idle() {
      await Promise.all(pending);
    },
    async close() {
      await Promise.all(pending);
      await mailer.close();
    },
  };
}

/** SMTP when SMTP_URL is set, else the server log. */
export function createMailer(mail: Config['mail'], log: MailLogger): Mailer {
  return mail.smtpUrl ? createSmtpMailer(mail.smtpUrl, mail.from) : createLogMailer(log);
}
