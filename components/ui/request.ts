"use client";

export interface RequestError {
  message: string;
  field?: string;
  /** The API's code (nested or flat bodies); plain-string bodies have none, their message is the key. */
  code?: string;
  status: number;
}

export type RequestResult<T> = { ok: true; data: T } | { ok: false; error: RequestError };

/**
 * JSON (or a file, sent as its bytes) to the dashboard's route handlers; an error comes back with
 * the use case's own message (and field, for inline display), without the "field: " prefix
 * validation adds.
 */
export async function send<T = unknown>(method: string, url: string, body?: unknown): Promise<RequestResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: body === undefined ? {} : body instanceof Blob ? { "content-type": body.type || "application/octet-stream" } : { "content-type": "application/json" },
      body: body === undefined ? undefined : body instanceof Blob ? body : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    return { ok: false, error: { message: "The server could not be reached. Check your connection and try again.", status: 0 } };
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (response.ok) return { ok: true, data: data as T };
  const detail = (data as { error?: { message?: string; field?: string; code?: string } | string; message?: string; field?: string; code?: string } | undefined) ?? {};
  const nested = typeof detail.error === "object" ? detail.error : undefined;
  // Nested bodies carry the field inside `error`; API.md's flat ones ({ error: "Bad Request", message, field }) at the top.
  const field = nested?.field ?? (typeof detail.field === "string" ? detail.field : undefined);
  let message = nested?.message ?? detail.message ?? (typeof detail.error === "string" ? detail.error : undefined) ?? `Request failed (${response.status}).`;
  if (field && message.startsWith(`${field}: `)) message = message.slice(field.length + 2);
  if (response.status === 401) message = "Your session ended. Sign in again.";
  // The API's 503 speaks to programs (Retry-After); a person gets the same news in words.
  if (response.status === 503) message = "Hop can't reach its database right now. Wait a moment, then try again.";
  const code = nested?.code ?? (typeof detail.code === "string" ? detail.code : undefined);
  return { ok: false, error: { message, field, code, status: response.status } };
}
