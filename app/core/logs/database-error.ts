/**
 * What a failed query may say in a log line or to an operator: the database's own message and code, and
 * the first words of the query, never its parameters (what visitors typed, a whole image) nor the rest of
 * its text. Drizzle wraps the driver's error as "Failed query: <the whole SQL>\nparams: <every value>" with
 * `query`, `params` and the database's error as `cause`; one failed insert of a 1 MB image made a 7.2 MB log
 * line (issue 30).
 */
export type DatabaseErrorSummary = { message: string; code?: string; query?: string };

const QUERY_WORDS = 8;
const MAX_MESSAGE = 1000;

/** The query's first words ("insert into "blog_posts" ("id", ..."), cut short. */
function queryStart(query: string): string {
  const words = query.trim().split(/\s+/);
  const start = words.slice(0, QUERY_WORDS).join(" ").slice(0, 120);
  return words.length > QUERY_WORDS || start.length < query.trim().length ? `${start} …` : start;
}

const isQueryError = (error: unknown): error is Error & { query: string; params?: unknown; cause?: unknown } =>
  error instanceof Error && typeof (error as { query?: unknown }).query === "string";

/** A failed query's summary, or null when `error` is no query's error. */
export function databaseError(error: unknown): DatabaseErrorSummary | null {
  if (!isQueryError(error)) return null;
  const own = error.cause instanceof Error ? error.cause : error;
  const code = (own as { code?: unknown }).code;
  const message =
    own === error ? error.message.replace(/\nparams: [\s\S]*/, "").replace(/^Failed query: [\s\S]*/, "the query failed") : own.message;
  return {
    message: message.slice(0, MAX_MESSAGE),
    ...(typeof code === "string" ? { code } : {}),
    query: queryStart(error.query),
  };
}

/** An error's message as an operator reads it: a failed query's own message and code, without the SQL. */
export function errorMessage(error: unknown): string {
  const summary = databaseError(error);
  if (summary) return `${summary.message}${summary.code ? ` (${summary.code})` : ""} in: ${summary.query}`;
  return error instanceof Error ? error.message.slice(0, MAX_MESSAGE) : String(error).slice(0, MAX_MESSAGE);
}

/**
 * PostgreSQL's codes for a database that is not there to answer: class 08 (connection exception), 57P01-03
 * (shut down, crashed, starting), 3D000 (no such database), 53300 (no connection free).
 */
const UNAVAILABLE_CODES = /^(08...|57P0[123]|3D000|53300|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN)$/;
const UNAVAILABLE_MESSAGES =
  /Connection terminated|not queryable|not currently accepting connections|timeout exceeded when trying to connect|PGlite is closed/i;

/** Whether `error` (or what it wraps) says the database cannot be reached, rather than that a query was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if ((typeof code === "string" && UNAVAILABLE_CODES.test(code)) || UNAVAILABLE_MESSAGES.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The answer to a request the database could not be reached for (503), and when to try again. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  "The site cannot reach its database right now, so nothing was saved. Please try again in a minute.";
export const DATABASE_RETRY_AFTER_SECONDS = 30;
