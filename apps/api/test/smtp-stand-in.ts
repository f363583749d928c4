import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  /** The message as sent, with quoted-printable soft line breaks joined. */
  raw: string;
}

export interface SmtpStandIn {
  url: string;
  received: ReceivedMail[];
  /** The next `times` messages are refused at RCPT TO with this SMTP code. */
  refuseNext(times: number, code: number): void;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port (the `smtp-server` package), plain text, no auth. */
export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = [];
  let refusals: { times: number; code: number } = { times: 0, code: 0 };
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusals.times > 0) {
        refusals = { ...refusals, times: refusals.times - 1 };
        const error = Object.assign(new Error(`stand-in refuses (${refusals.code})`), {
          responseCode: refusals.code,
        });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks)
            .toString("utf8")
            .replace(/=\r?\n/g, ""),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(times, code) {
      refusals = { times, code };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
