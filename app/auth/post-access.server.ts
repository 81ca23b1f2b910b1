import { eq } from "drizzle-orm";
import { ApiError } from "~/core/http/api.server";
import { getDb, schema } from "~/core/database/db.server";
import { canChooseAuthor, canEditPost, canPublish, type PostRef } from "./roles";
import { NOT_ALLOWED, type StaffMember } from "./session.server";

/**
 * Post ownership, for the blog's routes: editors and up work on every post, authors on their own,
 * contributors on their own drafts. Each throws the API's 403 (or 400) answer.
 */
export function assertCanEditPost(staff: StaffMember, post: PostRef): void {
  if (!canEditPost(staff, post)) throw new ApiError(403, NOT_ALLOWED);
}

export function assertCanPublish(staff: StaffMember, published: boolean): void {
  if (published && !canPublish(staff)) throw new ApiError(403, "Contributors cannot publish: save the post as a draft.");
}

/**
 * Who a new or edited post belongs to: an editor's choice (an active staff member), else the
 * signed-in member on a new post, and no change on an edit (undefined).
 */
export async function postAuthorFor(staff: StaffMember, requested: number | null | undefined, creating: true): Promise<number>;
export async function postAuthorFor(staff: StaffMember, requested: number | null | undefined, creating: false): Promise<number | undefined>;
export async function postAuthorFor(
  staff: StaffMember,
  requested: number | null | undefined,
  creating: boolean,
): Promise<number | undefined> {
  if (requested && requested !== staff.id) {
    if (!canChooseAuthor(staff)) throw new ApiError(403, "Only editors can credit a post to someone else.");
    const [found] = await getDb()
      .select({ status: schema.adminUsers.status })
      .from(schema.adminUsers)
      .where(eq(schema.adminUsers.id, requested))
      .limit(1);
    // A suspended member keeps the posts they have, but is not given new ones.
    if (found?.status !== "active") throw new ApiError(400, "Choose an author", { errors: { authorId: "Choose an author" } });
    return requested;
  }
  return creating || requested ? staff.id : undefined;
}
