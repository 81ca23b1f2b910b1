import type { z } from "zod";
import { fieldErrors } from "./field-errors";
import { logger } from "./logger.server";

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
  if (!value || !/^\d{1,10}$/.test(value)) throw new ApiError(404, notFoundMessage);
  const id = Number(value);
  if (id < 1 || id > 2_147_483_647) throw new ApiError(404, notFoundMessage);
  return id;
}

export async function readJson(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("json")) throw new ApiError(415, "Send the body as JSON (Content-Type: application/json)");
  const text = await request.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, "The request body is not valid JSON");
  }
}

/** Parses a JSON body with a shared Zod schema; a bad body answers 400 with a message per field. */
export async function parseJson<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const body = await readJson(request);
  const result = schema.safeParse(body);
  if (!result.success) {
    const errors = fieldErrors(result.error);
    throw new ApiError(400, Object.values(errors)[0] ?? "Invalid input", { errors });
  }
  return result.data;
}

/** Wraps a loader or action of an /api route: known errors become JSON, unknown ones a logged 500. */
export function withApi<Args extends { request: Request }>(handler: (args: Args) => Promise<Response> | Response) {
  return async (args: Args): Promise<Response> => {
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof Response) return error;
      if (error instanceof ApiError) {
        return json({ success: false, message: error.message, ...error.body }, { status: error.status, headers: error.headers });
      }
      logger.error({ err: error, url: args.request.url }, "unhandled API error");
      return json({ success: false, message: "Something went wrong on our side. Please try again." }, { status: 500 });
    }
  };
}
