import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the message (an alert's picture, when its agency allows pictures in e-mail). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /** The Message-ID, "<local@domain>"; nodemailer makes a random one when absent. */
  messageId?: string;
  /** Extra headers (an alert e-mail's X-Odin-Delivery). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise a development outbox: every message is written as an .eml
 * file to `<data dir>/outbox/`, where a developer can open it (README: "Reading the outbox").
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, "_");
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeTo}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
    },
  };
}
