/**
 * POST /api/admin/import (role: administrator) multipart/form-data, the file in field `file`: a content
 * archive from GET /api/admin/export (.zip) or a Ghost JSON export (Ghost 4 or 5).
 *   -> 200 {success: true, source: "clink"|"ghost", created: {posts, tags, authors, images}, updated: {...},
 *          skipped: {...}, problems: [{item, message}]}
 *      Everything lands in one transaction. Importing the same file again reports everything skipped.
 *      `problems` names items left out (a post that breaks this site's rules, an image that does not decode).
 *   413 a file over 50 MB (or unpacking to over 200 MB), 415 not multipart or neither kind of file,
 *   400 no file, or a file of the right kind that cannot be read (the message says what is wrong).
 */
import type { Route } from "./+types/api.admin.import";
import { ApiError, json, methodNotAllowed, withApi } from "~/core/api.server";
import { requireStaff } from "~/auth/session.server";
import { ImportMalformed, ImportTooLarge, ImportUnsupported, MAX_IMPORT_BYTES } from "~/blog/content-archive";
import { importContent } from "~/blog/content-import.server";

export const loader = methodNotAllowed("POST");

const tooLarge = `The file is too large (at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB)`;

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  const { staff: admin } = await requireStaff(request, "administrator");
  if (!(request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) throw new ApiError(415, "Send the file as multipart/form-data in the field file");
  if (Number(request.headers.get("content-length") ?? 0) > MAX_IMPORT_BYTES + 1024 * 1024) throw new ApiError(413, tooLarge);
  let file: FormDataEntryValue | null;
  try {
    file = (await request.formData()).get("file");
  } catch {
    throw new ApiError(400, "The form data could not be read");
  }
  if (!file || typeof file === "string") throw new ApiError(400, "Choose a file to import (field file)");
  if (file.size > MAX_IMPORT_BYTES) throw new ApiError(413, tooLarge);
  if (file.size === 0) throw new ApiError(400, "The file is empty");
  try {
    const report = await importContent(admin, new Uint8Array(await file.arrayBuffer()));
    return json({ success: true, ...report });
  } catch (error) {
    if (error instanceof ImportTooLarge) throw new ApiError(413, error.message);
    if (error instanceof ImportUnsupported) throw new ApiError(415, error.message);
    if (error instanceof ImportMalformed) throw new ApiError(400, error.message);
    throw error;
  }
});
