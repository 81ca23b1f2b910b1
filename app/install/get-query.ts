import { z } from "~/core/text/zod";

/** What /get reads of its address: `c`, a campaign (a poster's, a page's), and `city`. Other parameters are ignored. */
const word = (name: string) =>
  z
    .string()
    .trim()
    .max(60, `${name} is too long (60 characters at most)`)
    .regex(/^[\p{L}\p{N} ._~-]*$/u, `${name} may hold letters, digits, spaces and . _ ~ - only`)
    .optional()
    .transform((value) => value || undefined);

export const getQuerySchema = z.object({ c: word("c"), city: word("city") });
