import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.ts';

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send({ to, subject, text, html }) {
      await transport.sendMail({ from, to, subject, text, ...(html ? { html } : {}) });
    },
    async close() {
      transport.close();
    },
  };
}
