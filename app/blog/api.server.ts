import { ApiError, parseId } from "~/core/api.server";
import { ImageRejected } from "./image.server";
import { PostNotFound } from "./post-writes.server";
import { SlugTaken } from "./slugs.server";

/** Shared bits of the /api/blog* routes. */

export const parsePostId = (value: string | undefined): number => parseId(value, "Blog post not found");

/** Service errors as the API's answers: unknown post 404, a slug in use 409, refused image 400/413 on the `image` field. */
export async function translateBlogErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PostNotFound) throw new ApiError(404, "Blog post not found");
    if (error instanceof SlugTaken) throw new ApiError(409, error.message, { errors: { slug: error.message } });
    if (error instanceof ImageRejected) throw new ApiError(error.status, error.message, { error: error.message, errors: { imageData: error.message } });
    throw error;
  }
}
