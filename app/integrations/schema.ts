import { z } from "~/core/text/zod";

/** An integration as the admin names it (POST /api/admin/integrations). */
export const integrationInputSchema = z.strictObject({
  name: z.string({ error: "Name the integration" }).trim().min(1, "Name the integration").max(100, "Keep the name under 100 characters"),
});
