import { canChooseAuthor, canEditPost, canPublish, type StaffRole } from "~/auth/roles";
import type { BlogPostDto } from "~/blog/post/schema";

/**
 * Who is writing in the editor, and whom a post can be credited to (active staff; editors and up only).
 * The page uses it to offer only what the role may do; the server enforces the same rules.
 */
export type PostWriter = { id: number; name: string; role: StaffRole; authors: Array<{ id: number; name: string }> };

export const writerChoosesAuthor = (writer: PostWriter) => canChooseAuthor(writer);
export const writerPublishes = (writer: PostWriter) => canPublish(writer);
export const writerEdits = (writer: PostWriter, post: Pick<BlogPostDto, "authorId" | "published">) => canEditPost(writer, post);
