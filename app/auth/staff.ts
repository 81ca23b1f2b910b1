import { z } from "~/core/text/zod";
import { STAFF_ROLES } from "./roles";

/** Shared Zod schemas and pure helpers of staff members (browser and server). */

/** A staff member's address part: lower-case words joined by hyphens. */
export function staffSlug(text: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "staff";
}

const email = z
  .string({ error: "Please enter a valid email address" })
  .trim()
  .toLowerCase()
  .max(254, "Please enter a valid email address")
  .pipe(z.email("Please enter a valid email address"));
const newPassword = z
  .string({ error: "Password is required" })
  .min(12, "Password must be at least 12 characters")
  .max(1024, "Password is too long");
const name = z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(100, "Name must be at most 100 characters");

export const invitationSchema = z.object({ email, role: z.enum(STAFF_ROLES, { error: "Choose a role" }) });
export const passwordResetRequestSchema = z.object({ email });
export const roleChangeSchema = z.object({ role: z.enum(STAFF_ROLES, { error: "Choose a role" }) });
export const staffUpdateSchema = z
  .object({ role: z.enum(STAFF_ROLES, { error: "Choose a role" }).optional(), status: z.enum(["active", "suspended"]).optional() })
  .refine((v) => v.role !== undefined || v.status !== undefined, { message: "Send a role or a status" });
export const acceptInvitationSchema = z.object({
  token: z.string().min(1, "This link is not valid").max(100),
  name,
  password: newPassword,
});
export const resetPasswordSchema = z.object({ token: z.string().min(1, "This link is not valid").max(100), password: newPassword });
export const ownerSetupSchema = acceptInvitationSchema.extend({ email });
export const profileSchema = z.object({
  name,
  slug: z.string().trim().max(60).optional().nullable(),
  bio: z.string().trim().max(1000, "Bio must be at most 1000 characters").optional().nullable(),
});
