import { data } from "react-router";
import { z } from "../text/zod";
import { uncleanTextProblem } from "../text/clean-input";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, errorMessage, isDatabaseUnavailable } from "../logs/database-error";
import { fieldErrors } from "../text/field-errors";
import { rowIdFrom } from "../text/row-id";
import { withRequestFaults } from "../instance/faults.server";
import { loggedText, logger, logRequestError } from "../logs/logger.server";

/** Small helpers so every JSON endpoint answers errors the same way: `{message, errors?}`, never a stack. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
    readonly headers: HeadersInit = {},
  ) {
    super(message);
  }
}

export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  return Response.json(body, { ...init, headers });
}

/** A path parameter that must be a database id (a positive 32-bit integer); anything else is "not found". */
export function parseId(value: string | undefined, notFoundMessage: string): number {
  const id = rowIdFrom(value);
  if (id === null) throw new ApiError(404, notFoundMessage);
  return id;
}

/** For a resource route's missing loader or action: 405 in the JSON error shape, naming what it does allow. */
export function methodNotAllowed(allow: string) {
  return () => json({ success: false, message: "Method not allowed" }, { status: 405, headers: { Allow: allow } });
}

export async function readJson(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("json")) throw new ApiError(415, "Send the body as JSON (Content-Type: application/json)");
  return parseJsonText(await request.text());
}

/** A JSON body's text as a value: empty is {}, malformed or unclean text answers 400. */
export function parseJsonText(text: string): unknown {
  if (!text.trim()) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(400, "The request body is not valid JSON");
  }
  const problem = uncleanTextProblem(body);
  if (problem) throw new ApiError(400, problem);
  return body;
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * A form action's body: only the two form encodings (415 otherwise), well formed (400), and
 * every name and value clean text (400), so no form field reaches a schema unchecked.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) {
    throw new ApiError(415, "Send the form as application/x-www-form-urlencoded or multipart/form-data");
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new ApiError(400, "The form data could not be read");
  }
  for (const [name, value] of form) {
    const problem = uncleanTextProblem(name) ?? (typeof value === "string" ? uncleanTextProblem(value) : uncleanTextProblem(value.name));
    if (problem) throw new ApiError(400, problem);
  }
  return form;
}

/** Query parameters through a shared Zod schema (first value of each name); a bad one answers 400. */
/**
 * A request's whole body as one buffer of its declared Content-Length, filled as it arrives: for a large
 * upload, half the memory of collecting the pieces and joining them. 400 when the body and its length differ.
 */
export async function readBodyBytes(request: Request): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  const body = new Uint8Array(Number.isSafeInteger(declared) && declared > 0 ? declared : 0);
  let at = 0;
  for await (const piece of (request.body ?? []) as AsyncIterable<Uint8Array>) {
    if (at + piece.length > body.length) throw new ApiError(400, "The request's body is longer than its Content-Length");
    body.set(piece, at);
    at += piece.length;
  }
  if (at !== body.length) throw new ApiError(400, "The request's body is shorter than its Content-Length");
  return body;
}

export function parseQuery<T extends z.ZodType>(request: Request, schema: T): z.infer<T> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const problem = uncleanTextProblem(params);
  if (problem) throw new ApiError(400, problem);
  const result = schema.safeParse(params);
  if (!result.success) {
    const errors = fieldErrors(result.error);
    throw new ApiError(400, Object.values(errors)[0] ?? "Invalid query", { errors });
  }
  return result.data;
}

/**
 * For page (not /api) loaders and actions: an ApiError becomes a thrown route response with its
 * status and message, which the error page shows; anything else is passed on.
 */
export function asPageError(error: unknown): never {
  if (error instanceof ApiError) throw data(error.message, { status: error.status, headers: error.headers });
  if (isDatabaseUnavailable(error)) throw data(DATABASE_UNAVAILABLE_MESSAGE, { status: 503, headers: retryAfter });
  throw error;
}

const retryAfter = { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) };

/**
 * A request the database could not be reached for is answered as /healthz says it: 503 with Retry-After
 * (decision record 0046), logged as a warning without a stack (the outage is one fault, said by /healthz and
 * the connection's own log line, not a bug in each request).
 */
function unavailableAnswer(error: unknown, request: Request): Response {
  if (!request.signal.aborted)
    logger.warn(
      { error: errorMessage(error), method: request.method, url: loggedText(request.url) },
      "the database is unavailable: answered 503",
    );
  return json({ success: false, message: DATABASE_UNAVAILABLE_MESSAGE }, { status: 503, headers: retryAfter });
}

/** Parses a JSON body with a shared Zod schema; a bad body answers 400 with a message per field. */
export async function parseJson<T extends z.core.$ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  return validBody(await readJson(request), schema);
}

/** A parsed body through a shared Zod schema; a bad one answers 400 with a message per field. */
export function validBody<T extends z.core.$ZodType>(body: unknown, schema: T): z.infer<T> {
  // Either Zod build's schema (the public forms use the small one, ~/core/text/zod-mini).
  const result = z.safeParse(schema, body);
  if (!result.success) {
    const errors = fieldErrors(result.error);
    throw new ApiError(400, Object.values(errors)[0] ?? "Invalid input", { errors });
  }
  return result.data;
}

/** The request id the server gave a loader's or action's context (server/index.ts), when it has one. */
export function requestIdOfArgs(args: object): string | undefined {
  const context = (args as { context?: { requestId?: unknown } }).context;
  return typeof context?.requestId === "string" ? context.requestId : undefined;
}

/** Wraps a loader or action of an /api route: known errors become JSON, unknown ones a logged 500. */
export function withApi<Args extends { request: Request }>(handler: (args: Args) => Promise<Response> | Response) {
  return async (args: Args): Promise<Response> => {
    try {
      return await withRequestFaults(args.request, () => handler(args));
    } catch (error) {
      if (error instanceof Response) return error;
      if (error instanceof ApiError) {
        return json({ success: false, message: error.message, ...error.body }, { status: error.status, headers: error.headers });
      }
      if (isDatabaseUnavailable(error)) return unavailableAnswer(error, args.request);
      logRequestError(error, args.request, "unhandled API error", requestIdOfArgs(args));
      return json({ success: false, message: "Something went wrong on our side. Please try again." }, { status: 500 });
    }
  };
}
