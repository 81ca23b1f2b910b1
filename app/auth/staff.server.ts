import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { ApiError } from "~/core/http/api.server";
import { recordAudit } from "~/core/database/audit.server";
import { getDb, schema, type DbExecutor } from "~/core/database/db.server";
import { passwordWeakness } from "./password-strength.server";
import { hashPassword, verifyPassword } from "./password.server";
import { canManage, isStaffRole, ROLE_LABELS, type StaffRole, type StaffStatus } from "./roles";
import { staffSlug } from "./staff";
import { endSessions, type StaffMember } from "./session.server";

const t = schema.adminUsers;

/** A staff member as the staff list and profile show them (never their password hash). */
export type StaffListing = {
  id: number;
  name: string;
  slug: string | null;
  email: string | null;
  bio: string | null;
  role: StaffRole;
  status: StaffStatus;
  /** False for the authors of posts written before staff accounts: they cannot sign in. */
  canSignIn: boolean;
  lastLoginAt: string | null;
  createdAt: string;
};

const listingColumns = {
  id: t.id,
  name: t.name,
  slug: t.slug,
  email: t.email,
  bio: t.bio,
  role: t.role,
  status: t.status,
  passwordHash: t.passwordHash,
  lastLoginAt: t.lastLoginAt,
  createdAt: t.createdAt,
};

function toListing(row: {
  [K in keyof typeof listingColumns]: (typeof t.$inferSelect)[K extends "passwordHash" ? "passwordHash" : K];
}): StaffListing {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    email: row.email,
    bio: row.bio,
    role: isStaffRole(row.role) ? row.role : "contributor",
    status: row.status === "suspended" ? "suspended" : "active",
    canSignIn: Boolean(row.passwordHash && row.email),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listStaff(): Promise<StaffListing[]> {
  const rows = await getDb().select(listingColumns).from(t).orderBy(asc(t.id));
  return rows.map(toListing);
}

export async function findStaff(id: number): Promise<StaffListing | null> {
  const [row] = await getDb().select(listingColumns).from(t).where(eq(t.id, id)).limit(1);
  return row ? toListing(row) : null;
}

async function manageable(actor: StaffMember, targetId: number): Promise<StaffListing> {
  const target = await findStaff(targetId);
  if (!target) throw new ApiError(404, "Staff member not found");
  if (!canManage(actor, target)) throw new ApiError(403, "Your role does not allow changing this staff member.");
  return target;
}

export async function changeRole(actor: StaffMember, targetId: number, role: StaffRole): Promise<StaffListing> {
  const target = await manageable(actor, targetId);
  if (!canManage(actor, { id: targetId, role })) throw new ApiError(403, `Your role cannot make someone ${ROLE_LABELS[role]}.`);
  await getDb()
    .update(t)
    .set({ role, updatedAt: sql`now()` })
    .where(eq(t.id, targetId));
  await recordAudit(actor, "staff.change_role", {
    targetType: "staff",
    targetId,
    summary: `Made ${target.name || target.email} ${ROLE_LABELS[role]}`,
  });
  return (await findStaff(targetId))!;
}

/** Suspending ends the member's sessions in the same transaction; their posts stay. */
export async function setStatus(actor: StaffMember, targetId: number, status: StaffStatus): Promise<StaffListing> {
  const target = await manageable(actor, targetId);
  await getDb().transaction(async (tx) => {
    await tx
      .update(t)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(t.id, targetId));
    if (status === "suspended") await endSessions(tx, targetId, null);
  });
  await recordAudit(actor, status === "suspended" ? "staff.suspend" : "staff.reactivate", {
    targetType: "staff",
    targetId,
    summary: `${status === "suspended" ? "Suspended" : "Reactivated"} ${target.name || target.email}`,
  });
  return (await findStaff(targetId))!;
}

/** The owner hands the site to an active member who can sign in, and becomes an administrator. */
export async function transferOwnership(actor: StaffMember, targetId: number): Promise<void> {
  if (actor.role !== "owner") throw new ApiError(403, "Only the owner can transfer ownership.");
  const target = await findStaff(targetId);
  if (!target || targetId === actor.id) throw new ApiError(404, "Staff member not found");
  if (target.status !== "active" || !target.canSignIn)
    throw new ApiError(400, "Ownership can only go to an active member who can sign in.");
  await getDb().transaction(async (tx) => {
    await tx
      .update(t)
      .set({ role: "administrator", updatedAt: sql`now()` })
      .where(eq(t.id, actor.id));
    await tx
      .update(t)
      .set({ role: "owner", updatedAt: sql`now()` })
      .where(eq(t.id, targetId));
  });
  await recordAudit(actor, "staff.transfer_ownership", {
    targetType: "staff",
    targetId,
    summary: `Made ${target.name || target.email} the owner`,
  });
}

export type ProfileInput = { name: string; slug?: string | null; bio?: string | null };

export async function updateProfile(staff: StaffMember, input: ProfileInput): Promise<StaffListing> {
  const slug = staffSlug(input.slug || input.name);
  const [clash] = await getDb()
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.slug, slug), ne(t.id, staff.id)))
    .limit(1);
  if (clash)
    throw new ApiError(409, "Another staff member has this address", { errors: { slug: "Another staff member has this address" } });
  await getDb()
    .update(t)
    .set({ name: input.name, slug, bio: input.bio || null, updatedAt: sql`now()` })
    .where(eq(t.id, staff.id));
  await recordAudit(staff, "staff.update_profile", { targetType: "staff", targetId: staff.id, summary: "Updated their profile" });
  return (await findStaff(staff.id))!;
}

/** A message when the new password is too weak (zxcvbn, with the member's own name and address as guesses). */
export function newPasswordProblem(password: string, member: { name?: string | null; email?: string | null }): Promise<string | null> {
  return passwordWeakness(password, [member.name, member.email]);
}

export type PasswordChange = { ok: true } | { ok: false; field: "currentPassword" | "newPassword"; message: string };

/** Changes the member's password; every other session of theirs ends (whoever else had it is locked out). */
export async function changePassword(
  staff: StaffMember,
  currentPassword: string,
  newPassword: string,
  keepSessionHash: string,
): Promise<PasswordChange> {
  const db = getDb();
  const [user] = await db.select().from(t).where(eq(t.id, staff.id)).limit(1);
  if (!user?.passwordHash || !(await verifyPassword(currentPassword, user.passwordHash))) {
    return { ok: false, field: "currentPassword", message: "Current password is incorrect" };
  }
  const weak = await newPasswordProblem(newPassword, user);
  if (weak) return { ok: false, field: "newPassword", message: weak };
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(t)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(t.id, staff.id));
    await endSessions(tx, staff.id, keepSessionHash);
  });
  await recordAudit(staff, "admin.change_password", { targetType: "staff", targetId: staff.id, summary: "Changed the password" });
  return { ok: true };
}

/** The people a post can be credited to (an editor's choice of author). */
export async function authorChoices(): Promise<Array<{ id: number; name: string }>> {
  return getDb().select({ id: t.id, name: t.name }).from(t).where(eq(t.status, "active")).orderBy(asc(t.name));
}

/** Gives a new member the slug of their name, or with their id when another member has it. */
export async function assignSlug(db: DbExecutor, id: number, name: string): Promise<void> {
  const base = staffSlug(name);
  await db
    .update(t)
    .set({
      slug: sql`case when exists (select 1 from admin_users where slug = ${base} and id <> ${id}) then ${`${base}-${id}`} else ${base} end`,
    })
    .where(eq(t.id, id));
}

/**
 * Staff records for bylines (the demo posts' authors): a member with this name and no e-mail, made when
 * missing. They cannot sign in; the posts credited to them show their name.
 */
export async function bylineStaffIds(db: DbExecutor, names: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const name of new Set(names)) {
    const [found] = await db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.name, name), isNull(t.email)))
      .limit(1);
    if (found) {
      ids.set(name, found.id);
      continue;
    }
    const [row] = await db.insert(t).values({ name, role: "author", status: "active" }).returning({ id: t.id });
    await assignSlug(db, row!.id, name);
    ids.set(name, row!.id);
  }
  return ids;
}
