import type { Mailer, MailLogger } from './mailer.ts';

/**
 * The embedded default: without SMTP, the message (its code or link included) goes to the server
 * log so a person running Fanplace locally can still verify and reset. The only place a code is logged.
 */
export function createLogMailer(log: MailLogger): Mailer {
  return {
    async send({ to, subject, text }) {
      log.info({ to, subject }, `email not sent (SMTP_URL is not set); it reads:\n${text}`);
    },
    async close() {},
  };
}
