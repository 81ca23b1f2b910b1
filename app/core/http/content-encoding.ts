import Negotiator from "negotiator";

export type ContentEncoding = "br" | "gzip" | "identity";

/**
 * The encoding to answer in, from the request's Accept-Encoding and what we can offer (in our
 * order of preference, used when the client weighs them equally). Honours q-values, including
 * "identity;q=0"; falls back to identity when nothing offered is acceptable.
 */
export function preferredEncoding(acceptEncoding: string | null | undefined, offered: readonly ContentEncoding[]): ContentEncoding {
  const negotiator = new Negotiator({ headers: acceptEncoding == null ? {} : { "accept-encoding": acceptEncoding } });
  // negotiator 1.x takes {preferred} to break ties by our order (its typings predate that option).
  const encodings = negotiator.encodings as (available: string[], options: { preferred: string[] }) => string[];
  return (encodings.call(negotiator, [...offered], { preferred: [...offered] })[0] as ContentEncoding | undefined) ?? "identity";
}
