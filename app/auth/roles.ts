/**
 * Staff roles and what each may do: pure rules, used by the server's guard (session.server) and by the
 * admin pages to hide what a role cannot use. The server is what enforces them.
 */
export const STAFF_ROLES = ["owner", "administrator", "editor", "author", "contributor"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_STATUSES = ["active", "suspended"] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];
/** The signed-in staff member, as every guarded route sees them. */
export type StaffMember = { id: number; email: string; name: string; role: StaffRole };

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: "Owner",
  administrator: "Administrator",
  editor: "Editor",
  author: "Author",
  contributor: "Contributor",
};

const RANK: Record<StaffRole, number> = { owner: 5, administrator: 4, editor: 3, author: 2, contributor: 1 };

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Whether `role` includes everything `needed` may do (owner > administrator > editor > author > contributor). */
export function hasRole(role: StaffRole, needed: StaffRole): boolean {
  return RANK[role] >= RANK[needed];
}

/**
 * The roles `inviter` may give to a new member or set on an existing one. The owner role is never given
 * this way (only by transferring ownership); editors bring in writers only.
 */
export function assignableRoles(inviter: StaffRole): StaffRole[] {
  if (hasRole(inviter, "administrator")) return ["administrator", "editor", "author", "contributor"];
  if (inviter === "editor") return ["author", "contributor"];
  return [];
}

/**
 * Whether `actor` may change the role or status of `target`: nobody changes the owner (ownership is
 * transferred instead), nobody their own, and only roles the actor could have given.
 */
export function canManage(actor: { id: number; role: StaffRole }, target: { id: number; role: StaffRole }): boolean {
  if (actor.id === target.id || target.role === "owner") return false;
  return assignableRoles(actor.role).includes(target.role);
}

export type PostRef = { authorId: number | null; published: boolean };
export type StaffRef = { id: number; role: StaffRole };

/** Editors and up work on every post; authors on their own; contributors on their own drafts. */
export function canEditPost(staff: StaffRef, post: PostRef): boolean {
  if (hasRole(staff.role, "editor")) return true;
  if (post.authorId !== staff.id) return false;
  return staff.role === "author" || !post.published;
}

/** Contributors write drafts only; an editor, an author (their own posts) or above publishes. */
export function canPublish(staff: StaffRef): boolean {
  return hasRole(staff.role, "author");
}

/** Whether a post may be given to another staff member as its author. */
export function canChooseAuthor(staff: StaffRef): boolean {
  return hasRole(staff.role, "editor");
}

/** Whether the member sees every post (drafts of others included) or only the public ones and their own. */
export function seesAllPosts(staff: StaffRef): boolean {
  return hasRole(staff.role, "editor");
}
