import { ApiError } from "~/core/http/api.server";
import { TagNotFound, TagTaken } from "./tag-admin.server";

/** The tag service's refusals as the API's answers. */
export async function translateTagErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TagNotFound) throw new ApiError(404, error.message);
    if (error instanceof TagTaken) throw new ApiError(409, error.message);
    throw error;
  }
}
