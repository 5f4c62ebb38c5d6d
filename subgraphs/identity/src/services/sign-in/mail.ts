import { createTransport } from 'nodemailer';

/** One plain-text e-mail to one person. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends the e-mails of signing in (invitations, password resets). */
export interface Mailer {
  /** Resolves once the mail server accepted the message; rejects when it did not within the bounds. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * A mailer over the operator's SMTP server (`SMTP_URL`, `smtp://` or `smtps://` with any
 * credentials in the URL), sending as `SMTP_FROM`. Every step is bounded, so a mail server that
 * stops answering holds no request or connection for long: connecting, its greeting, and any
 * silence on the socket.
 */
export function createMailer(settings: { url: string; from: string }): Mailer {
  const transport = createTransport({ url: settings.url, connectionTimeout: MAIL_TIMEOUT_MS, greetingTimeout: MAIL_TIMEOUT_MS, socketTimeout: MAIL_TIMEOUT_MS, dnsTimeout: MAIL_TIMEOUT_MS });
  return {
    send: async (message) => {
      await transport.sendMail({ from: settings.from, to: message.to, subject: message.subject, text: message.text });
    },
    close: () => transport.close(),
  };
}

const MAIL_TIMEOUT_MS = 10_000;
