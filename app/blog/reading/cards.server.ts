import { authorOf } from "./authors.server";
import { toCard, type BlogCard } from "./listing";
import type { BlogPost } from "../post/posts.server";
import { tagNamer } from "./tags.server";

/** Cards for the public pages, with their tags named as the tags' records say and the author's page. */
export async function cardMaker(): Promise<(post: BlogPost, position: number) => BlogCard> {
  const nameTags = await tagNamer();
  return (post, position) => toCard(post, position, { tags: nameTags(post.tags), authorSlug: authorOf(post).slug });
}
