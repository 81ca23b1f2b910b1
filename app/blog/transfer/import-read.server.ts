import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { strFromU8 } from "fflate";
import { multipartField, MultipartMalformed } from "~/core/http/multipart";
import {
  ghostPostTooLarge,
  ImportMalformed,
  ImportTooLarge,
  ImportUnsupported,
  looksLikeZip,
  MAX_GHOST_BODY_CHARS,
  MAX_IMPORT_BYTES,
  readArchive,
  type ArchiveContent,
} from "./content-archive";

/**
 * Reading an import file (unzipping an archive, or parsing a Ghost export and turning each post's HTML
 * into Markdown) runs on a worker thread of its own, with a memory and a time limit. The file is the
 * administrator's, and what it costs is not known until it is read: on the main thread one hostile file
 * stopped every page and /healthz for minutes. The limits in content-archive.ts and ghost-body.ts refuse
 * what they can name (too deep, too large) with the post's name; the worker's limits catch the rest.
 *
 * The worker runs this module's own chunk of the build (vite.config.ts keeps it, with the archive's reader,
 * apart from the server), so it loads a few MB, not the whole server. Under the Vite dev server the module
 * is TypeScript, which a worker cannot load: the file is read inline.
 */
const IMPORT_READ_LIMIT_MS = 60_000;
/** Heap for the worker: a 50 MB Ghost export parses to ~150 MB of objects. */
const IMPORT_READ_HEAP_MB = 512;

export type ImportFile = { source: "clink" | "ghost"; content: ArchiveContent; imageBytes: Map<string, Uint8Array> };

/** Which kind of file this is, read into one shape. ImportUnsupported (415) / ImportMalformed (400) / ImportTooLarge (413). */
async function readImportFile(bytes: Uint8Array): Promise<ImportFile> {
  if (looksLikeZip(bytes)) {
    const archive = readArchive(bytes);
    return { source: "clink", content: archive.content, imageBytes: archive.imageBytes };
  }
  const head = strFromU8(bytes.subarray(0, 64)).trimStart();
  if (!head.startsWith("{"))
    throw new ImportUnsupported("Send a content archive (.zip) exported from this site or a Ghost JSON export (.json)");
  const oversized = longJsonString(bytes, MAX_GHOST_BODY_CHARS);
  if (oversized) throw ghostPostTooLarge(oversized.slug, oversized.key, oversized.length);
  let json: unknown;
  try {
    json = JSON.parse(strFromU8(bytes));
  } catch {
    throw new ImportMalformed("The file is not valid JSON");
  }
  // Ghost's reader brings turndown and a whole DOM (~2 MB resident): loaded for a Ghost file, not at start.
  const { ghostExportOf, readGhostExport } = await import("./ghost-import");
  if (!ghostExportOf(json))
    throw new ImportUnsupported("This JSON file is not a Ghost export (expected {db: [{meta: {version}, data: {posts, ...}}]})");
  return { source: "ghost", content: readGhostExport(json).content, imageBytes: new Map() };
}

/** What POST /api/admin/import was sent: the request's raw body and its Content-Type (multipart/form-data). */
export type ImportUpload = { body: Uint8Array; contentType: string };

export const IMPORT_TOO_LARGE = `The file is too large (at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB)`;

/** The file in the upload's field `file`: taking a 50 MB form apart is work too, so it happens here, off the main thread, without copying the file. */
async function fileOfUpload({ body, contentType }: ImportUpload): Promise<Uint8Array> {
  let file: Uint8Array | null;
  try {
    file = multipartField(body, contentType, "file");
  } catch (error) {
    if (error instanceof MultipartMalformed) throw new ImportMalformed("The form data could not be read");
    throw error;
  }
  if (!file) throw new ImportMalformed("Choose a file to import (field file)");
  if (file.length > MAX_IMPORT_BYTES) throw new ImportTooLarge(IMPORT_TOO_LARGE);
  if (file.length === 0) throw new ImportMalformed("The file is empty");
  return file;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The first string in a JSON file's bytes longer than `limit`, with the key it is the value of and the last
 * "slug" before it (Ghost writes a post's slug before its body). Read from the bytes in one pass, so a file
 * with a 48 MB post is refused, naming the post, without being parsed: parsing it held three copies.
 */
export function longJsonString(bytes: Uint8Array, limit: number): { key: string; slug: string | null; length: number } | null {
  for (let at = 0; at < bytes.length; at++) {
    if (bytes[at] !== QUOTE) continue;
    let end = at + 1;
    while (end < bytes.length && bytes[end] !== QUOTE) end += bytes[end] === BACKSLASH ? 2 : 1;
    if (end - at - 1 > limit) {
      const before = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1", Math.max(0, at - 100_000), at);
      const key = /"([^"\\]{1,100})"\s*:\s*$/.exec(before)?.[1] ?? "a";
      const slug = [...before.matchAll(/"slug"\s*:\s*"([^"\\]{1,200})"/g)].at(-1)?.[1] ?? null;
      return { key, slug, length: end - at - 1 };
    }
    at = end;
  }
  return null;
}

type Refusal = { kind: "malformed" | "unsupported" | "too-large"; message: string };
type Answer = { file: ImportFile } | { refused: Refusal } | { failed: string };

const refusalOf = (error: unknown): Refusal | null =>
  error instanceof ImportTooLarge
    ? { kind: "too-large", message: error.message }
    : error instanceof ImportUnsupported
      ? { kind: "unsupported", message: error.message }
      : error instanceof ImportMalformed
        ? { kind: "malformed", message: error.message }
        : null;

const errorOf = ({ kind, message }: Refusal): Error =>
  kind === "too-large"
    ? new ImportTooLarge(message)
    : kind === "unsupported"
      ? new ImportUnsupported(message)
      : new ImportMalformed(message);

if (!isMainThread && (workerData as { clinkImportRead?: boolean } | null)?.clinkImportRead) {
  parentPort!.once("message", (upload: ImportUpload) => {
    fileOfUpload(upload)
      .then(readImportFile)
      .then(
        // Images can be views of one buffer (the zip's own, for stored entries): each buffer moves once.
        (file) =>
          parentPort!.postMessage({ file } satisfies Answer, [
            ...new Set([...file.imageBytes.values()].map((image) => image.buffer as ArrayBuffer)),
          ]),
        (error: unknown) => {
          const refused = refusalOf(error);
          parentPort!.postMessage(
            (refused ? { refused } : { failed: error instanceof Error ? (error.stack ?? error.message) : String(error) }) satisfies Answer,
          );
        },
      );
  });
}

const moduleUrl = new URL(import.meta.url);
const canUseWorker = moduleUrl.protocol === "file:" && /\.m?js$/.test(moduleUrl.pathname);

/** Reads an uploaded import file on a worker thread of its own (one per import), within its memory and time limits. */
export function readImportOffThread(upload: ImportUpload): Promise<ImportFile> {
  if (!canUseWorker) return fileOfUpload(upload).then(readImportFile);
  return new Promise<ImportFile>((resolve, reject) => {
    const worker = new Worker(moduleUrl, {
      workerData: { clinkImportRead: true },
      resourceLimits: { maxOldGenerationSizeMb: IMPORT_READ_HEAP_MB, maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(new ImportTooLarge(`The file takes too long to read (over ${IMPORT_READ_LIMIT_MS / 1000} s): import it in smaller parts`)),
        ),
      IMPORT_READ_LIMIT_MS,
    );
    worker.on("message", (answer: Answer) =>
      settle(() => {
        if ("file" in answer) resolve(answer.file);
        else if ("refused" in answer) reject(errorOf(answer.refused));
        else reject(new Error(`reading the import failed: ${answer.failed}`));
      }),
    );
    worker.on("error", (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === "ERR_WORKER_OUT_OF_MEMORY"
            ? new ImportTooLarge("The file needs more memory to read than an import is given: import it in smaller parts")
            : error,
        ),
      ),
    );
    worker.on("exit", (code) => settle(() => reject(new Error(`the import reader stopped (exit code ${code})`))));
    worker.postMessage(upload, [upload.body.buffer as ArrayBuffer]);
  });
}
