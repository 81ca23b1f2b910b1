import pino from "pino";
import { formatLogLine } from "./log-format";
import { redactLogLine } from "./log-redaction";

/** Request data in a log line is cut to this many characters, so one request cannot write kilobytes. */
export const MAX_LOGGED_TEXT = 500;

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

/** Errors keep their type and where they came from, with message and stack bounded. */
function boundedError(error: unknown) {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (!serialized || typeof serialized !== "object") return serialized;
  return {
    ...serialized,
    // A failed query's message lists its parameters, which hold what visitors typed: never logged.
    message: loggedText(String(serialized.message ?? "").replace(/\nparams: [\s\S]*/, "\nparams: [redacted]"), 1000),
    stack: typeof serialized.stack === "string" ? serialized.stack.slice(0, 4000) : serialized.stack,
  };
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

export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info"),
  serializers: { err: boundedError },
  // Tokens in query strings and e-mail addresses never reach a log line, whatever field carries them.
  hooks: { streamWrite: redactLogLine },
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
}, destination());

/** The one way a failed request is logged: its method and address escaped and bounded. */
export function logRequestError(error: unknown, request: Request, msg: string): void {
  if (request.signal.aborted) return; // the visitor went away; nothing failed
  logger.error({ err: error, method: request.method, url: loggedText(request.url) }, msg);
}
