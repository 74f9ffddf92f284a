import type { z } from "zod";
import { HopError } from "../errors";
import { CsrfForm, SignInForm } from "./auth-body";

// The next-auth routes this app serves under /api/auth, with their methods and, for a POST, the
// form it takes. next-auth answers anything else itself with a plain-text 400 or a 500 (a GET to
// the credentials callback, an unknown provider); here it is a JSON 404 or 405 before next-auth.

export type AuthMethod = "GET" | "POST";

interface AuthAction {
  get?: true;
  /** The form a POST carries. */
  post?: z.ZodType<Record<string, string | undefined>>;
}

const ACTIONS: Record<string, AuthAction> = {
  csrf: { get: true },
  providers: { get: true },
  session: { get: true, post: CsrfForm },
  // GET sends the browser to /login; a POST would start an OAuth or e-mail sign-in, which Hop has not.
  signin: { get: true },
  "signin/credentials": { get: true },
  signout: { get: true, post: CsrfForm },
  "callback/credentials": { post: SignInForm },
  error: { get: true },
};

/** next-auth's error codes are names (`CredentialsSignin`); it puts the value unescaped into a Location. */
const ERROR_CODE = /^[A-Za-z]{1,64}$/;

export interface ResolvedAction {
  name: string;
  allow: AuthMethod[];
  form?: AuthAction["post"];
}

/** The action of `/api/auth/<segments>`, or a 404. */
export function authAction(segments: readonly string[] | undefined): ResolvedAction {
  const name = (segments ?? []).join("/");
  const action = Object.hasOwn(ACTIONS, name) ? ACTIONS[name] : undefined;
  if (!action) throw new HopError("not_found", { message: `There is no sign-in route /api/auth/${name.slice(0, 100)}.` });
  const allow: AuthMethod[] = [];
  if (action.get) allow.push("GET");
  if (action.post) allow.push("POST");
  return { name, allow, form: action.post };
}

/** The query's `error` (the only query value next-auth writes into a header unescaped), or a 400. */
export function assertErrorCode(searchParams: URLSearchParams): void {
  const values = searchParams.getAll("error");
  if (values.length === 0) return;
  if (values.length > 1 || !ERROR_CODE.test(values[0])) {
    throw new HopError("invalid_request", { field: "error", message: "error must be one next-auth error code (letters only)." });
  }
}
