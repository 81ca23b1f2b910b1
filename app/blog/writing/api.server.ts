import { ApiError, parseId } from "~/core/http/api.server";
import { assertCanEditPost } from "~/auth/post-access.server";
import type { StaffMember } from "~/auth/session.server";
import { findPost, type BlogPost } from "../post/posts.server";
import { ImageRejected } from "../media/image.server";
import { PostNotFound, RevisionNotRestorable } from "./post-writes.server";
import { RevisionNotFound } from "./revisions.server";
import { SlugTaken } from "./slugs.server";
import { CreateKeyReused } from "./create-requests.server";
import { VersionConflict } from "./post-versions.server";
import { conflictMessage } from "./autosave";

/** Shared bits of the /api/blog* routes. */

export const parsePostId = (value: string | undefined): number => parseId(value, "Blog post not found");

/** The post of a route's `{id}` that this staff member may edit: 404 for an unknown post, 403 for one that is not theirs. */
export async function editablePost(staff: StaffMember, rawId: string | undefined): Promise<BlogPost> {
  const post = await findPost(parsePostId(rawId));
  if (!post) throw new ApiError(404, "Blog post not found");
  assertCanEditPost(staff, post);
  return post;
}

/** Service errors as the API's answers: unknown post 404, a slug in use or a stale version 409, refused image 400/413 on the `image` field. */
export async function translateBlogErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PostNotFound) throw new ApiError(404, "Blog post not found");
    // A save over a version the editor did not open: nothing was written; `current` says what is there now.
    if (error instanceof VersionConflict) throw new ApiError(409, conflictMessage(error.current), { current: error.current });
    if (error instanceof SlugTaken) throw new ApiError(409, error.message, { errors: { slug: error.message } });
    if (error instanceof RevisionNotFound) throw new ApiError(404, "Revision not found");
    if (error instanceof RevisionNotRestorable) throw new ApiError(422, error.message);
    if (error instanceof CreateKeyReused) throw new ApiError(error.status, error.message);
    if (error instanceof ImageRejected)
      throw new ApiError(error.status, error.message, { error: error.message, errors: { imageData: error.message } });
    throw error;
  }
}

/** The Idempotency-Key header of a create, if sent (visible ASCII, at most 200 characters; else 400). */
export function readIdempotencyKey(request: Request): string | undefined {
  const key = request.headers.get("idempotency-key");
  if (key === null) return undefined;
  if (!/^[\x21-\x7e]{1,200}$/.test(key)) throw new ApiError(400, "Idempotency-Key must be 1 to 200 visible characters");
  return key;
}
