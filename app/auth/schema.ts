import { z } from "~/core/text/zod";

/** Shared by the sign-in form in the browser and POST /api/admin/login on the server. */
export const loginSchema = z.object({
  email: z.string({ error: "Email is required" }).trim().min(1, "Email is required").max(254),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(1024),
});

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: "Current password is required" }).min(1, "Current password is required").max(1024),
  newPassword: z
    .string({ error: "New password is required" })
    .min(12, "New password must be at least 12 characters")
    .max(1024, "New password is too long"),
});
