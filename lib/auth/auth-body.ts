import { z } from "zod";
import { HopError } from "../errors";
import { readRequestBytes } from "../http/read-body";

// What a request to next-auth's routes may carry: at most AUTH_BODY_LIMIT bytes, read once and
// here (next-auth would read a body whole, as often as it is asked), as a URL-encoded form whose
// every field is named once. Each action's fields are one zod schema; next-auth is then handed a
// form rebuilt from exactly the parsed fields, so it acts on what the throttle counted.

export const AUTH_BODY_LIMIT = 16 * 1024;
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;

function tooLarge(): HopError {
  return new HopError("invalid_request", { status: 413, message: `The body is larger than ${AUTH_BODY_LIMIT} bytes.` });
}

/**
 * The body's bytes (empty when there is none), refused with 413 past the limit: a declared
 * Content-Length before anything is read, a chunked body as soon as it passes the limit.
 */
export async function readAuthBody(request: Request): Promise<Buffer> {
  const bytes = await readRequestBytes(request, AUTH_BODY_LIMIT);
  if (bytes === null) throw tooLarge();
  return bytes;
}

/** The form's fields; a body of another type, or a field named twice, is refused with 400. */
export function formFields(contentType: string | null, body: Buffer): Record<string, string> {
  if (body.length === 0 && !contentType) return {};
  if (!FORM_TYPE.test(contentType ?? "")) {
    throw new HopError("invalid_request", { field: "content-type", message: "Send the form as 'Content-Type: application/x-www-form-urlencoded'." });
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body.toString("utf8"))) {
    // A second value is where one reader's first and another's last part ways.
    if (Object.hasOwn(fields, name)) throw new HopError("invalid_request", { field: name, message: `${name} is sent more than once.` });
    fields[name] = value;
  }
  return fields;
}

// next-auth's own fields: the CSRF token of the double-submit cookie, where to go afterwards, and
// `json` (answer {url} rather than a redirect). `redirect` is what next-auth's client adds.
const nextAuthFields = {
  csrfToken: z.string().min(1).max(200),
  callbackUrl: z.string().max(2048).optional(),
  json: z.enum(["true", "false"]).optional(),
  redirect: z.enum(["true", "false"]).optional(),
};

/** POST /api/auth/callback/credentials: the e-mail as it is counted and looked up. */
export const SignInForm = z.strictObject({
  email: z.string().trim().toLowerCase().min(1, "Enter your e-mail.").max(320),
  password: z.string().min(1, "Enter your password.").max(200),
  /** The second step of an account with two-factor sign-in on: an app code or a recovery code. */
  code: z.string().max(40).optional(),
  ...nextAuthFields,
});

/** POST /api/auth/signout and POST /api/auth/session (next-auth's session update carries no data here). */
export const CsrfForm = z.strictObject(nextAuthFields);

/** The body next-auth reads: the parsed fields and nothing else. */
export function rebuiltForm(fields: Record<string, string | undefined>): string {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  return form.toString();
}
