import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

/**
 * A tag's display name and description, by its slug (app/blog/post/tags.ts). Posts keep their tags as text
 * (blog_posts.tags); a tag that posts use and that has no row here is shown as posts spell it.
 */
export const blogTags = pgTable("blog_tags", {
  slug: text("slug").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
