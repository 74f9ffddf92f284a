import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";

// A real SMTP server on a free loopback port, for the flows that e-mail a link (team invitations,
// password reset): every message it receives is kept, raw, with its envelope.

export interface ReceivedMail {
  to: string[];
  from: string;
  /** The message as sent; quoted-printable soft line breaks joined, so links read whole. */
  raw: string;
}

export interface TestSmtp {
  /** SMTP_URL for the server under test. */
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", raw: raw.replace(/=\r?\n/g, "") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** A test server whose mail goes to a fresh test SMTP server; stop() stops both. */
export async function startServerWithSmtp(mailFrom: string): Promise<{ server: HopServer; smtp: TestSmtp; stop(): Promise<void> }> {
  const smtp = await startSmtp();
  const server = await startServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: mailFrom } });
  return { server, smtp, stop: async () => (await server.stop(), await smtp.close()) };
}
