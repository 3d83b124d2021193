export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** A mail driver: delivers one message or throws. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export interface MailLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}
