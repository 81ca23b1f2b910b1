import { z } from "~/core/text/zod";
import { MAX_INT4 } from "~/core/text/row-id";
import { MAX_POST_CONTENT } from "../post/schema";

/**
 * Autosave and post versions: the input an editor autosaves, the version it sends back, and the words of
 * a refused stale save. Pure rules, shared by the service, the routes and their tests (decision record 0042).
 */

/** A draft's autosaves by one member within this long of the run's first one replace one revision. */
const AUTOSAVE_COALESCE_MINUTES = 10;

const version = z
  .number({ error: "Send the post's version as a whole number" })
  .int("Send the post's version as a whole number")
  .positive("Send the post's version as a whole number")
  .max(MAX_INT4, "Send the post's version as a whole number");

/** The optional `version` of a full PUT: absent, the save is not checked (older clients). */
export const putVersionSchema = z.object({ version: version.optional() });

const bounded = (max: number) =>
  z.string({ error: "Send the text as a string" }).max(max, `Please keep this under ${max.toLocaleString("en-US")} characters`);

/**
 * PUT /api/admin/posts/{id}/autosave. Work in progress: title and content may be empty (the publish
 * minimums apply at the real save), but bounded as the post's are (app/blog/post/schema.ts), and kept as typed.
 */
export const autosaveInputSchema = z.object({
  title: bounded(200),
  content: bounded(MAX_POST_CONTENT),
  excerpt: bounded(1000).optional().nullable(),
  version,
});
export type AutosaveInput = z.output<typeof autosaveInputSchema>;

export type PostVersionState = { version: number; updatedAt: string; updatedBy: { id: number; name: string } | null };

/** The 409 answer's message: who changed the post, and when (ISO time). */
export function conflictMessage(current: PostVersionState): string {
  const who = current.updatedBy?.name.trim() || "another staff member";
  return `This post was changed by ${who} at ${current.updatedAt} after you opened it.`;
}

/** Whether a draft's autosave replaces the newest revision (the same member's run, begun under 10 minutes ago). */
export function replacesAutosaveRevision(
  newest: { adminUserId: number | null; autosaveStartedAt: Date | null } | undefined,
  staffId: number,
  now: Date,
): boolean {
  if (!newest?.autosaveStartedAt || newest.adminUserId !== staffId) return false;
  return now.getTime() - newest.autosaveStartedAt.getTime() < AUTOSAVE_COALESCE_MINUTES * 60_000;
}
