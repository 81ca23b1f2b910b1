import { sql } from "drizzle-orm";
import { getDb, rowsOf } from "../database/db.server";

/**
 * How many writes a kind of content has had (the content_changes row a statement trigger bumps on every
 * write to its tables, migration 0022): a version a cached copy of that content compares against.
 * One row by its key, where a count and maxima over the content's table cost ~30 ms at 10,000 posts on
 * the embedded database (decision record 0023). "0" before the first write.
 */
export async function contentChangeCount(name: string): Promise<string> {
  const result = await rowsOf<{ n: number }>(
    getDb(),
    sql`select coalesce(max(changes), 0)::int as n from content_changes where name = ${name}`,
  );
  return String(result[0]!.n);
}
