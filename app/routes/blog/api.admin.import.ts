/**
 * POST /api/admin/import (role: administrator) multipart/form-data, the file in field `file`: a content
 * archive from GET /api/admin/export (.zip) or a Ghost JSON export (Ghost 4 or 5).
 *   -> 200 {success: true, source: "clink"|"ghost", created: {posts, tags, authors, images}, updated: {...},
 *          skipped: {...}, problems: [{item, message}]}
 *      Everything lands in one transaction. Importing the same file again reports everything skipped.
 *      `problems` names items left out (a post that breaks this site's rules, an image that does not decode).
 *   413 a file over 50 MB (or unpacking to over 120 MB, counted as it inflates), a Ghost post whose body is over a million characters, 415 not multipart or neither kind of file,
 *   400 no file, or a file of the right kind that cannot be read (the message says what is wrong: a post whose HTML nests over 100 levels deep is named). The file is read on a worker thread with memory and time limits (app/blog/transfer/import-read.server.ts).
 */
import type { Route } from "./+types/api.admin.import";
import { ApiError, json, methodNotAllowed, readBodyBytes, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { ImportMalformed, ImportTooLarge, ImportUnsupported, MAX_IMPORT_BYTES } from "~/blog/transfer/content-archive";
import { IMPORT_TOO_LARGE } from "~/blog/transfer/import-read.server";
import { importContent } from "~/blog/transfer/content-import.server";

export const loader = methodNotAllowed("POST");

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  const { staff: admin } = await requireStaff(request, "administrator");
  if (!(request.headers.get("content-type") ?? "").startsWith("multipart/form-data"))
    throw new ApiError(415, "Send the file as multipart/form-data in the field file");
  if (Number(request.headers.get("content-length") ?? 0) > MAX_IMPORT_BYTES + 1024 * 1024) throw new ApiError(413, IMPORT_TOO_LARGE);
  const body = await readBodyBytes(request);
  try {
    const report = await importContent(admin, { body, contentType: request.headers.get("content-type")! });
    return json({ success: true, ...report });
  } catch (error) {
    if (error instanceof ImportTooLarge) throw new ApiError(413, error.message);
    if (error instanceof ImportUnsupported) throw new ApiError(415, error.message);
    if (error instanceof ImportMalformed) throw new ApiError(400, error.message);
    throw error;
  }
});
