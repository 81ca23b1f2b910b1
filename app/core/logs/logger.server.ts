import pino from "pino";
import { formatLogLine } from "./log-format";
import { databaseError } from "./database-error";
import { redactLogLine } from "./log-redaction";
import { notifyServerError, pathOfUrl } from "./error-observers";

/** Request data in a log line is cut to this many characters, so one request cannot write kilobytes. */
const MAX_LOGGED_TEXT = 500;

/**
 * Text from a request, for a log field: control characters shown as \\uXXXX escapes (the JSON
 * line escapes them too; this keeps them visible in any other sink) and cut to `max` characters.
 */
export function loggedText(value: unknown, max = MAX_LOGGED_TEXT): string {
  const text = String(value ?? "");
  const cut = text.length > max ? `${text.slice(0, max)}...(${text.length - max} more)` : text;
  // eslint-disable-next-line no-control-regex
  return cut.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Longest log line written (bytes of JSON); a longer one is cut to its level, time and message (issue 30). */
const MAX_LOG_LINE = 8 * 1024;

/**
 * Errors keep their type and where they came from, with message and stack bounded. A failed query logs the
 * database's own message and code and the query's first words: never its parameters nor the whole SQL.
 */
/** A query's values and text, and PostgreSQL's "Failing row contains (...)" detail: what visitors sent. */
const UNLOGGED_ERROR_FIELDS = new Set([
  "params",
  "query",
  "queryOptions",
  "internalQuery",
  "detail",
  "where",
  "cause",
  "aggregateErrors",
  "raw",
]);

export function boundedError(given: unknown, depth = 0): unknown {
  // pino-http hands its serializer pino's own serialization of the error, with the error itself as `raw`.
  const raw = given && typeof given === "object" ? (given as { raw?: unknown }).raw : undefined;
  const error = raw instanceof Error ? raw : given;
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (!serialized || typeof serialized !== "object") return serialized;
  const query = databaseError(error);
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(serialized)) {
    if (UNLOGGED_ERROR_FIELDS.has(key)) continue;
    fields[key] = typeof value === "string" ? value.slice(0, 1000) : value;
  }
  const cause = (error as { cause?: unknown })?.cause;
  return {
    ...fields,
    ...(query ?? {}),
    // Any other message that lists a query's parameters (older drivers) loses them too.
    message: query
      ? query.message
      : loggedText(String(serialized.message ?? "").replace(/\nparams: [\s\S]*/, "\nparams: [redacted]"), 1000),
    stack:
      typeof serialized.stack === "string"
        ? (query
            ? serialized.stack.replace(/^[\s\S]*?\n(?=\s+at )/, `${String(serialized.type)}: ${query.message}\n`)
            : serialized.stack
          ).slice(0, 4000)
        : serialized.stack,
    ...(cause instanceof Error && depth < 2 ? { cause: boundedError(cause, depth + 1) } : {}),
  };
}

/**
 * The logger's last step: the cap on a line's length (a valid JSON line either way), then redaction. The cap
 * comes first: redaction's patterns on a megabyte of letters took minutes of CPU.
 */
function finalLogLine(line: string): string {
  if (line.length <= MAX_LOG_LINE) return redactLogLine(line);
  let kept: Record<string, unknown>;
  try {
    const parsed = JSON.parse(line) as Record<string, unknown>;
    kept = { level: parsed.level, time: parsed.time, pid: parsed.pid, reqId: parsed.reqId, msg: loggedText(parsed.msg, 1000) };
  } catch {
    kept = { msg: loggedText(line, 1000) };
  }
  return redactLogLine(`${JSON.stringify({ ...kept, truncated: `the line was ${line.length} bytes, over the ${MAX_LOG_LINE} kept` })}\n`);
}

/**
 * Structured JSON logs. Secrets are redacted wherever they could appear.
 *
 * Written to stdout asynchronously: a line goes out at once when the stream is idle, and lines
 * logged while a write is in flight go out together, so a busy server makes one write per batch
 * rather than one blocking write per request (that write was ~10% of a cached page's cost).
 * pino flushes what is pending when the process exits. In a terminal each line is written for a person
 * (log-format.ts); where stdout is a file or pipe (a service manager, a container) it stays JSON.
 */
const stdout = pino.destination({ sync: false });
function destination() {
  if (!process.stdout.isTTY || process.env.LOG_FORMAT === "json") return stdout;
  return { write: (line: string) => stdout.write(formatLogLine(line)) };
}

/**
 * Text for the person at the console, not a log line (never redacted or stored as a log entry): written to
 * the log's own stream, so it comes out after every line logged before it.
 */
export function writeToConsole(text: string): void {
  stdout.write(text);
}

export const logger = pino(
  {
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info"),
    serializers: { err: boundedError },
    // Tokens in query strings and e-mail addresses never reach a log line, whatever field carries them.
    hooks: { streamWrite: finalLogLine },
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        'res.headers["set-cookie"]',
        "password",
        "*.password",
        "newPassword",
        "currentPassword",
      ],
      censor: "[redacted]",
    },
  },
  destination(),
);

/** The one way a failed request is logged: its method and address escaped and bounded. */
export function logRequestError(error: unknown, request: Request, msg: string, requestId?: string): void {
  if (request.signal.aborted) return; // the visitor went away; nothing failed
  logger.error({ err: error, method: request.method, url: loggedText(request.url), ...(requestId ? { reqId: requestId } : {}) }, msg);
  // The errors feature groups it (app/errors, through the observer list wired at start).
  notifyServerError({ source: "request", error, requestId, where: pathOfUrl(request.url), userAgent: request.headers.get("user-agent") });
}
