/**
 * The one check for text that arrives from outside (JSON bodies, form fields, query parameters,
 * path segments). PostgreSQL refuses a NUL character in text, an unpaired UTF-16 surrogate cannot
 * be encoded as UTF-8, and malformed percent-encoding has no meaning: each used to reach the
 * database or a header and answer 500. Such input is refused with a message instead.
 */

const UNCLEAN_TEXT_MESSAGE = "The request contains characters that are not allowed (a NUL character or an unpaired surrogate)";
const MALFORMED_ADDRESS_MESSAGE = "The address is not valid (malformed percent-encoding)";

/** Deeper than any form or API body we accept; deeper input is refused rather than walked. */
const MAX_DEPTH = 32;

// With the u flag a surrogate class matches only a surrogate that is not half of a pair.
// eslint-disable-next-line no-control-regex
const UNCLEAN = /[\u0000\uD800-\uDFFF]/u;

function isCleanText(text: string): boolean {
  return !UNCLEAN.test(text);
}

/** Why the value cannot be accepted, or null when every string in it (keys included) is clean. */
export function uncleanTextProblem(value: unknown, depth = 0): string | null {
  if (typeof value === "string") return isCleanText(value) ? null : UNCLEAN_TEXT_MESSAGE;
  if (value === null || typeof value !== "object") return null;
  if (depth > MAX_DEPTH) return "The request is nested too deeply";
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = uncleanTextProblem(item, depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const problem = uncleanTextProblem(key, depth + 1) ?? uncleanTextProblem(item, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/** Decodes one percent-encoded component, or null when it is malformed or decodes to unclean text. */
export function decodeComponent(raw: string): string | null {
  try {
    const text = decodeURIComponent(raw);
    return isCleanText(text) ? text : null;
  } catch {
    return null;
  }
}

/**
 * Why a request target (path and query, as sent) cannot be accepted, or null. Every path segment
 * and query name and value must decode to clean text.
 */
export function requestTargetProblem(target: string): string | null {
  const queryStart = target.indexOf("?");
  const path = queryStart === -1 ? target : target.slice(0, queryStart);
  const query = queryStart === -1 ? "" : target.slice(queryStart + 1);
  if (decodeComponent(path) === null) return MALFORMED_ADDRESS_MESSAGE;
  for (const pair of query.split("&")) {
    if (!pair) continue;
    if (decodeComponent(pair.replace(/\+/g, " ")) === null) return MALFORMED_ADDRESS_MESSAGE;
  }
  return null;
}

/** Years PostgreSQL's timestamp and JavaScript's Date both hold, with room for any real post. */
export const MIN_YEAR = 1;
export const MAX_YEAR = 9999;

export function isDateInRange(date: Date): boolean {
  const year = date.getUTCFullYear();
  return !Number.isNaN(date.getTime()) && year >= MIN_YEAR && year <= MAX_YEAR;
}

/**
 * Text for one line (a mail subject, a title): every line break and separator (CR, LF, U+0085, U+2028,
 * U+2029), other control character and run of white space folds to one space, so it cannot break a
 * mail header, an HTML title or a list's row.
 */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, " ").trim();
}
