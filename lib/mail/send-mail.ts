import nodemailer, { type Transporter } from "nodemailer";
import { config } from "../config";
import { errorFields, log } from "../log";
import { shared } from "../shared";

// Hop's only outgoing mail: plain-text messages over the operator's SMTP server (SMTP_URL, sent
// from MAIL_FROM). Without SMTP_URL nothing is sent and the caller shows its link instead. A mail
// server that is down or slow never fails the request that sends: the wait is bounded and the
// answer says whether the message left.

const SMTP_TIMEOUT_MS = 5_000;

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Extra headers (List-Unsubscribe of a sign-up's mail); values are made header-safe. */
  headers?: Record<string, string>;
}

export function mailConfigured(): boolean {
  return Boolean(config().smtpUrl);
}

function transporter(): Transporter | null {
  const url = config().smtpUrl;
  if (!url) return null;
  return shared("mailTransporter", () =>
    nodemailer.createTransport({ url, connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS, socketTimeout: SMTP_TIMEOUT_MS }),
  );
}

/** Header values carry user-typed names: no line breaks or other control characters reach them. */
export function headerSafe(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
}

/** true when the SMTP server took the message; false when SMTP is not configured or sending failed (logged). */
export async function sendMail(mail: Mail): Promise<boolean> {
  const transport = transporter();
  if (!transport) return false;
  try {
    await transport.sendMail({ from: config().mailFrom, to: mail.to, subject: headerSafe(mail.subject), text: mail.text, headers: mail.headers && Object.fromEntries(Object.entries(mail.headers).map(([k, v]) => [k, headerSafe(v)])) });
    return true;
  } catch (error) {
    // The recipient and the body (which may hold a one-time link) stay out of the log.
    log.warn("mail not sent", { ...errorFields(error) });
    return false;
  }
}
