/**
 * The media library (listing: editors and up; uploading: contributors and up).
 * GET  /api/admin/media -> 200 {items: [{hash, url, width, height, mimeType, originalName, createdAt,
 *        bytes, altTexts: [string], usedIn: [{id, title, slug, live}]}]} newest first: every image uploaded for
 *        posts' text, its size, the alt texts posts give it, and where it is used.
 * POST /api/admin/media multipart/form-data, the file in field `file`
 *        -> 201 {success: true, hash, url, width, height, mimeType}: re-encoded as covers are (metadata
 *        stripped, at most 2000 px a side), stored once per content; the editor inserts ![alt](url).
 *        400 not an image, 413 over 5 MB, 415 not multipart, 401 signed out.
 */
import type { Route } from "./+types/api.admin.media";
import { ApiError, json, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { translateBlogErrors } from "~/blog/writing/api.server";
import { listMedia, storeMedia } from "~/blog/media/media.server";
import { blogMessages, MAX_UPLOAD_BYTES } from "~/blog/post/schema";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  await requireStaff(request, "editor");
  return json({ items: await listMedia() });
});

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "GET, POST" });
  // Any member who writes may upload for the post in front of them (as /api/upload); the library itself is for editors.
  const { staff: admin } = await requireStaff(request, "contributor");
  if (!(request.headers.get("content-type") ?? "").startsWith("multipart/form-data"))
    throw new ApiError(415, "Send the image as multipart/form-data in the field file");
  let file: FormDataEntryValue | null;
  try {
    file = (await request.formData()).get("file");
  } catch {
    throw new ApiError(400, blogMessages.invalidImageFile);
  }
  if (!file || typeof file === "string") throw new ApiError(400, blogMessages.invalidImageFile);
  if (file.size > MAX_UPLOAD_BYTES) throw new ApiError(413, blogMessages.imageTooLarge);
  const name = file.name.replace(/[\\/\0]/g, "_").slice(0, 255) || null;
  const media = await translateBlogErrors(async () => storeMedia(admin, Buffer.from(await file.arrayBuffer()), name));
  return json({ success: true, ...media }, { status: 201 });
});
