/**
 * POST /api/upload  (admin) multipart/form-data with the file in field `image`.
 *   -> 200 {success: true, imageData (base64), imageMimeType, originalName}
 *   -> 400 {success: false, error: "Please select an image file (PNG, JPG, GIF, etc.)"} when the
 *      bytes are not a raster image sharp can decode (the declared type and name are not trusted)
 *   -> 413 {success: false, error: "Please select an image smaller than 5MB"}
 *   -> 401 signed out.
 *   The image is re-encoded (metadata such as EXIF/GPS stripped, at most 2000 px a side) into
 *   at most 5 MB, as the post save requires: a palette PNG stays a palette PNG, and an image
 *   its own format would make larger is sent as WebP (imageMimeType says which).
 *   Nothing is stored yet: the editor sends imageData/imageMimeType with POST/PUT /api/blog.
 */
import type { Route } from "./+types/api.upload";
import { json, withApi, methodNotAllowed } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { ImageRejected, processImage } from "~/blog/media/image.server";
import { blogMessages, MAX_UPLOAD_BYTES } from "~/blog/post/schema";

const fail = (status: number, error: string) => json({ success: false, error, message: error }, { status });

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") return fail(405, "Method not allowed");
  await requireStaff(request, "contributor");
  let file: FormDataEntryValue | null;
  try {
    file = (await request.formData()).get("image");
  } catch {
    return fail(400, blogMessages.invalidImageFile);
  }
  if (!file || typeof file === "string") return fail(400, blogMessages.invalidImageFile);
  if (file.size > MAX_UPLOAD_BYTES) return fail(413, blogMessages.imageTooLarge);
  try {
    const image = await processImage(Buffer.from(await file.arrayBuffer()));
    return json({
      success: true,
      imageData: image.data.toString("base64"),
      imageMimeType: image.mimeType,
      originalName: file.name.replace(/[\\/\0]/g, "_").slice(0, 255) || "image",
      width: image.width,
      height: image.height,
      size: image.data.length,
    });
  } catch (error) {
    if (error instanceof ImageRejected) return fail(error.status, error.message);
    throw error;
  }
});

export const loader = methodNotAllowed("POST");
