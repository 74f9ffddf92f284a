import type { z } from "zod";
import { HopError, type ErrorCode } from "../errors";
import { readCodedMessage } from "./coded";
import { findUnstorableString } from "./storable";

// The one way input meets a schema: every string is first checked to be storable (see
// storable.ts; this covers members a schema keeps as unknown or passes through to JSON columns),
// then the first zod issue becomes a nested 400 with one of the generic codes and `field`.

/** `links[0].url` style path of a zod issue, as the `field` of the error body. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, part) => {
    if (typeof part === "number") return `${out}[${part}]`;
    return out ? `${out}.${String(part)}` : String(part);
  }, "");
}

function codeFor(issue: z.core.$ZodIssue): ErrorCode {
  if (issue.code === "invalid_type" && /received undefined/.test(issue.message)) return "missing_required_field";
  if (issue.code === "too_big" && issue.origin === "string") return "value_too_long";
  if (issue.code === "too_small" && issue.origin === "string") return "value_too_short";
  if (issue.code === "invalid_format" && issue.format === "url") return "invalid_url";
  if (issue.code === "invalid_format" && issue.format === "email") return "invalid_email";
  return "invalid_request";
}

/** The first zod issue as a nested 400 with one of the generic codes and `field`. */
export function validationError(error: z.ZodError): HopError {
  return issueError(error.issues[0]);
}

/** One zod issue as the HopError the API would answer (the dashboard's forms check every issue alike). */
export function issueError(issue: z.core.$ZodIssue): HopError {
  const field = fieldPath(issue.path);
  const coded = readCodedMessage(issue.message, field);
  if (coded) return new HopError(coded.code, { message: coded.message, field: field || undefined });
  const message = field ? `${field}: ${issue.message}` : issue.message;
  return new HopError(codeFor(issue), { message, field: field || undefined });
}

/** 400 `invalid_request` naming the first string that PostgreSQL could not store, if any. */
export function assertStorable(value: unknown): void {
  const found = findUnstorableString(value);
  if (!found) return;
  const field = fieldPath(found.path);
  throw new HopError("invalid_request", { field: field || undefined, message: `${field || "The value"} ${found.reason}, which cannot be stored.` });
}

export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  assertStorable(value);
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}
