import { strFromU8, strToU8, Unzip, UnzipInflate, zip, type AsyncZippable, type UnzipFile } from "fflate";
import { z } from "zod";
import { MEDIA_HASH_PATTERN } from "../media/media";
import { utcDay } from "~/core/text/utc-days";

/**
 * The content archive: what GET /api/admin/export writes and POST /api/admin/import reads back. A zip with
 *   manifest.json  {format: "clink-content", version: 1, siteUrl, exportedAt, includesRevisions, counts}
 *   content.json   {posts, tags, authors, images}  (ArchiveContent below)
 *   images/{hash}  the original bytes of every uploaded image (covers and images in posts' text), named
 *                  by their hash as the site names them.
 * Pure: no database. Why this shape and the idempotency rule: docs/decisions/0021-content-archive.md.
 */

const ARCHIVE_FORMAT = "clink-content";
const ARCHIVE_VERSION = 1;

/** The largest import accepted (the upload), and what its files may unpack to. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
const MAX_UNPACKED_BYTES = 120 * 1024 * 1024;
const MAX_ARCHIVE_FILES = 5_000;
export const MAX_IMPORT_POSTS = 5_000;

/**
 * The longest body a Ghost post may bring (its html, lexical or mobiledoc field), in characters: a post here
 * holds at most 30,000 characters of Markdown, and Ghost's HTML of that is a few times longer. A 48 MB body
 * took 3 GB of memory to convert.
 */
export const MAX_GHOST_BODY_CHARS = 1_000_000;

/** The refusal (413) of a Ghost post whose `field` holds `length` characters, more than MAX_GHOST_BODY_CHARS. */
export function ghostPostTooLarge(slug: string | null, field: string, length: number): ImportTooLarge {
  const size = (n: number) => `${(n / 1_000_000).toFixed(1)} million characters`;
  const post = slug === null ? "A Ghost post" : `The Ghost post "${slug}"`;
  return new ImportTooLarge(
    `${post} is too large to import: its ${field} field holds ${size(length)} (at most ${size(MAX_GHOST_BODY_CHARS)})`,
  );
}

/** A file the import cannot read: answered 400 with the message. */
export class ImportMalformed extends Error {}
/** Neither our archive nor a Ghost export: answered 415. */
export class ImportUnsupported extends Error {}
/** Larger than the limits above: answered 413. */
export class ImportTooLarge extends Error {}

const text = (max: number) => z.string().max(max);
const nullableText = (max: number) => z.string().max(max).nullable().default(null);
const isoDate = z.string().refine((value) => !Number.isNaN(Date.parse(value)), "not a date");

const archivedRevisionSchema = z.object({
  title: text(500),
  excerpt: text(5_000),
  content: text(200_000),
  fields: z.record(z.string(), z.unknown()),
  actorEmail: text(320),
  createdAt: isoDate,
});
export type ArchivedRevision = z.infer<typeof archivedRevisionSchema>;

const archivedPostSchema = z.object({
  slug: text(200),
  title: text(500),
  excerpt: text(5_000),
  content: text(200_000),
  /** The byline as shown. */
  author: text(200),
  /** The staff member the post belongs to, by e-mail (matched to this site's staff on import). */
  authorEmail: nullableText(320),
  category: text(40),
  tags: z.array(text(100)).max(100),
  /** An image URL or site path (null when the cover is an upload: `cover`). */
  image: nullableText(2000),
  /** The uploaded cover, in images/. */
  cover: z
    .object({ hash: z.string().regex(MEDIA_HASH_PATTERN), originalName: nullableText(255) })
    .nullable()
    .default(null),
  imageAlt: nullableText(1000),
  metaTitle: nullableText(1000),
  metaDescription: nullableText(2000),
  canonicalUrl: nullableText(2000),
  socialImage: nullableText(2000),
  socialTitle: nullableText(1000),
  noindex: z.boolean().default(false),
  published: z.boolean(),
  /** The publish date (in the future: scheduled). */
  publishAt: isoDate,
  updatedAt: isoDate.optional(),
  revisions: z.array(archivedRevisionSchema).max(1_000).optional(),
  /** Addresses the post had before (they answer 301 to it). */
  oldSlugs: z.array(text(200)).max(100).optional(),
});
export type ArchivedPost = z.infer<typeof archivedPostSchema>;

const archivedTagSchema = z.object({ slug: text(200), name: text(200), description: text(5_000).default("") });

const archivedAuthorSchema = z.object({ name: text(200), email: nullableText(320), slug: nullableText(200), bio: nullableText(5_000) });
export type ArchivedAuthor = z.infer<typeof archivedAuthorSchema>;

const archivedImageSchema = z.object({
  hash: z.string().regex(MEDIA_HASH_PATTERN),
  /** media: linked from posts' text as /api/media/{hash}; cover: a post's uploaded image. */
  kind: z.enum(["media", "cover"]),
  mimeType: text(100),
  originalName: nullableText(255),
});
export type ArchivedImage = z.infer<typeof archivedImageSchema>;

const archiveContentSchema = z.object({
  posts: z.array(archivedPostSchema).max(MAX_IMPORT_POSTS),
  tags: z.array(archivedTagSchema).max(10_000),
  authors: z.array(archivedAuthorSchema).max(10_000),
  images: z.array(archivedImageSchema).max(MAX_ARCHIVE_FILES),
});
export type ArchiveContent = z.infer<typeof archiveContentSchema>;

const archiveManifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.number().int(),
  siteUrl: z.string(),
  exportedAt: isoDate,
  includesRevisions: z.boolean(),
  counts: z.object({ posts: z.number(), tags: z.number(), authors: z.number(), images: z.number(), revisions: z.number() }),
});
export type ArchiveManifest = z.infer<typeof archiveManifestSchema>;

export type Archive = { manifest: ArchiveManifest; content: ArchiveContent; imageBytes: Map<string, Uint8Array> };

export function manifestFor(content: ArchiveContent, siteUrl: string, exportedAt: Date, includesRevisions: boolean): ArchiveManifest {
  return {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    siteUrl,
    exportedAt: exportedAt.toISOString(),
    includesRevisions,
    counts: {
      posts: content.posts.length,
      tags: content.tags.length,
      authors: content.authors.length,
      images: content.images.length,
      revisions: content.posts.reduce((n, post) => n + (post.revisions?.length ?? 0), 0),
    },
  };
}

/**
 * The zip's bytes. Images are stored, not compressed again (they are compressed already). The text is
 * compressed by fflate's asynchronous zip, on worker threads in Node: an export of thousands of posts
 * never holds the event loop for its compression (docs/architecture.md, "No request holds the server").
 */
export function writeArchive(archive: Archive): Promise<Uint8Array> {
  const files: AsyncZippable = {
    "manifest.json": strToU8(JSON.stringify(archive.manifest, null, 2)),
    "content.json": strToU8(JSON.stringify(archive.content, null, 2)),
  };
  for (const [hash, bytes] of archive.imageBytes) files[`images/${hash}`] = [bytes, { level: 0 }];
  return new Promise((resolve, reject) => zip(files, { level: 6 }, (error, data) => (error ? reject(error) : resolve(data))));
}

/** True for the bytes a zip file starts with. */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function parseJsonFile(bytes: Uint8Array | undefined, name: string): unknown {
  if (!bytes) throw new ImportMalformed(`The archive has no ${name}: it is not a content archive from this site`);
  try {
    return JSON.parse(strFromU8(bytes));
  } catch {
    throw new ImportMalformed(`The archive's ${name} is not valid JSON`);
  }
}

function firstIssue(error: z.ZodError, name: string): string {
  const issue = error.issues[0];
  return `The archive's ${name} is not in the expected shape${issue ? ` (${issue.path.join(".") || "top"}: ${issue.message})` : ""}`;
}

/** The zip is fed to the unpacker in pieces of this size, so a piece that inflates past the limits stops it soon. */
const UNZIP_PIECE_BYTES = 16 * 1024;
const TOO_MUCH = "The archive unpacks to more than this site imports";

/**
 * The files of a zip we read (manifest, content, images), inflated while counting the bytes they really
 * unpack to: a zip's declared sizes are whatever its maker wrote, and one entry that claims 4 MB can
 * inflate to 1 GB. Past MAX_UNPACKED_BYTES (or MAX_ARCHIVE_FILES) it stops at once with ImportTooLarge.
 */
export function unzipCounted(bytes: Uint8Array, keep: (name: string) => boolean): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  let unpacked = 0;
  let count = 0;
  let unfinished = 0;
  let stop: Error | undefined;
  const unzip = new Unzip((file: UnzipFile) => {
    count += 1;
    if (count > MAX_ARCHIVE_FILES + 2) stop ??= new ImportTooLarge(TOO_MUCH);
    if (stop || !keep(file.name)) return;
    const pieces: Uint8Array[] = [];
    let size = 0;
    unfinished += 1;
    file.ondata = (error, data, final) => {
      if (error) return void (stop ??= error);
      unpacked += data.length;
      size += data.length;
      // An entry that unpacks past the size it declares is lying: stop there, not at the archive's limit.
      if (file.originalSize !== undefined && file.originalSize > 0 && size > file.originalSize) {
        stop ??= new ImportTooLarge(`The archive's ${file.name} unpacks to more than the ${file.originalSize} bytes it declares`);
        file.terminate();
        return;
      }
      if (unpacked > MAX_UNPACKED_BYTES) {
        stop ??= new ImportTooLarge(TOO_MUCH);
        file.terminate();
        return;
      }
      pieces.push(data);
      if (!final) return;
      files[file.name] = pieces.length === 1 ? pieces[0]! : concat(pieces);
      unfinished -= 1;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !stop; at += UNZIP_PIECE_BYTES) {
      unzip.push(bytes.subarray(at, at + UNZIP_PIECE_BYTES), at + UNZIP_PIECE_BYTES >= bytes.length);
    }
  } catch (error) {
    stop ??= error as Error;
  }
  if (stop instanceof ImportTooLarge) throw stop;
  // The unpacker waits for more bytes rather than failing on a cut file: no entry, or one never finished, is a broken zip.
  if (stop || count === 0 || unfinished > 0) throw new ImportMalformed("The file is not a readable zip archive");
  return files;
}

function concat(pieces: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const piece of pieces) out.set(piece, (at += piece.length) - piece.length);
  return out;
}

/** Reads a zip made by writeArchive; ImportMalformed / ImportTooLarge say why not. */
export function readArchive(bytes: Uint8Array): Archive {
  const files = unzipCounted(bytes, (name) => name === "manifest.json" || name === "content.json" || name.startsWith("images/"));
  const manifest = archiveManifestSchema.safeParse(parseJsonFile(files["manifest.json"], "manifest.json"));
  if (!manifest.success) throw new ImportMalformed(firstIssue(manifest.error, "manifest.json"));
  if (manifest.data.version > ARCHIVE_VERSION)
    throw new ImportMalformed(`The archive is format version ${manifest.data.version}; this site reads up to version ${ARCHIVE_VERSION}`);
  const content = archiveContentSchema.safeParse(parseJsonFile(files["content.json"], "content.json"));
  if (!content.success) throw new ImportMalformed(firstIssue(content.error, "content.json"));
  const imageBytes = new Map<string, Uint8Array>();
  for (const image of content.data.images) {
    const data = files[`images/${image.hash}`];
    if (!data) throw new ImportMalformed(`The archive lists the image ${image.hash} but does not hold it`);
    imageBytes.set(image.hash, data);
  }
  for (const post of content.data.posts) {
    if (post.cover && !imageBytes.has(post.cover.hash))
      throw new ImportMalformed(`The post "${post.slug}" names the cover ${post.cover.hash}, which the archive does not hold`);
  }
  return { manifest: manifest.data, content: content.data, imageBytes };
}

/** The counts POST /api/admin/import answers. */
export type ImportKind = "posts" | "tags" | "authors" | "images";
export type ImportCounts = Record<"created" | "updated" | "skipped", Record<ImportKind, number>>;
export type ImportReport = ImportCounts & { source: "clink" | "ghost"; problems: Array<{ item: string; message: string }> };

export function emptyCounts(): ImportCounts {
  const zero = () => ({ posts: 0, tags: 0, authors: 0, images: 0 });
  return { created: zero(), updated: zero(), skipped: zero() };
}

/** The archive's file name for a download on `day`. */
export function archiveFileName(day: Date): string {
  return `clink-content-${utcDay(day)}.zip`;
}
