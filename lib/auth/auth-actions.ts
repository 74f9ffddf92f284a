import type { z } from "zod";
import { HopError } from "../errors";
import { CsrfForm, SignInForm } from "./auth-body";
import { isOidcProvider } from "./oidc-providers";

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
  // GET sends the browser to /login; a POST to signin/<provider> starts a single sign-on (below).
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

/** An operator's OpenID Connect provider (OIDC_PROVIDERS): the sign-on's start (POST) and the provider's return (GET). */
function oidcAction(name: string): AuthAction | undefined {
  const [step, id, ...rest] = name.split("/");
  if (rest.length || !id || !isOidcProvider(id)) return undefined;
  if (step === "signin") return { post: CsrfForm };
  if (step === "callback") return { get: true };
  return undefined;
}

/** Whether the action is a provider's return to Hop (`callback/<provider>`). */
export function isOidcCallback(name: string): boolean {
  return name.startsWith("callback/") && oidcAction(name)?.get === true;
}

/** The action of `/api/auth/<segments>`, or a 404. */
export function authAction(segments: readonly string[] | undefined): ResolvedAction {
  const name = (segments ?? []).join("/");
  const action = Object.hasOwn(ACTIONS, name) ? ACTIONS[name] : oidcAction(name);
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
