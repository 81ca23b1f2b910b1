import { and, eq, inArray, sql } from "drizzle-orm";
import type { Admin } from "~/auth/session.server";
import { getDb, schema } from "~/core/database/db.server";
import { processImage, type VariantFormat } from "./image.server";
import { madeVariant, type ServedImage } from "./image-variants.server";
import { mediaAltTexts, mediaHashesIn, mediaPath, type MediaItem, type MediaSize, type MediaUse, type StoredMedia } from "./media";
import { listPosts } from "../post/posts.server";

/**
 * Images for posts' text (the media library): stored once per content (the hash of the re-encoded
 * bytes names them, so a second upload of the same picture is the same image), served with resized
 * variants like covers, deleted only when no post links to them.
 */
const m = schema.blogMedia;
const v = schema.blogMediaVariants;

export class MediaInUse extends Error {
  constructor(readonly posts: Array<{ id: number; title: string }>) {
    super(`This image is used in ${posts.map((p) => `"${p.title}"`).join(", ")}: remove it there first`);
  }
}
export class MediaNotFound extends Error {}

export type { MediaItem, StoredMedia };

export async function storeMedia(admin: Admin, bytes: Buffer, originalName: string | null): Promise<StoredMedia> {
  const image = await processImage(bytes);
  await getDb()
    .insert(m)
    .values({
      hash: image.etag,
      data: image.data,
      mimeType: image.mimeType,
      width: image.width,
      height: image.height,
      originalName,
      uploadedBy: admin.id,
    })
    .onConflictDoNothing();
  return { hash: image.etag, url: mediaPath(image.etag), width: image.width, height: image.height, mimeType: image.mimeType };
}

/** The sizes of the media a post's text links to (for its rendered images' width, height and srcset). */
export async function mediaSizes(content: string): Promise<Map<string, MediaSize>> {
  const hashes = mediaHashesIn(content);
  if (hashes.length === 0) return new Map();
  const rows = await getDb()
    .select({ hash: m.hash, width: m.width, height: m.height, mimeType: m.mimeType })
    .from(m)
    .where(inArray(m.hash, hashes));
  return new Map(rows.map(({ hash, ...size }) => [hash, size]));
}

/** The original (width null) or a resized variant, made once and kept. */
export async function readMedia(hash: string, width: number | null, format: VariantFormat): Promise<ServedImage | null> {
  const db = getDb();
  if (width === null) {
    const [row] = await db.select({ data: m.data, mimeType: m.mimeType }).from(m).where(eq(m.hash, hash));
    return row ? { data: row.data, mimeType: row.mimeType, etag: `"${hash}"`, baseEtag: hash } : null;
  }
  const etag = `"${hash}-${width}-${format}"`;
  const [cached] = await db
    .select({ data: v.data })
    .from(v)
    .where(and(eq(v.hash, hash), eq(v.width, width), eq(v.format, format)));
  if (cached) return { data: cached.data, mimeType: `image/${format}`, etag, baseEtag: hash };
  const data = await madeVariant(
    `media:${etag}`,
    async () => (await db.select({ data: m.data, mimeType: m.mimeType }).from(m).where(eq(m.hash, hash)))[0],
    width,
    format,
  );
  if (!data) return null;
  await db.insert(v).values({ hash, width, format, data }).onConflictDoNothing();
  return { data, mimeType: `image/${format}`, etag, baseEtag: hash };
}

/** Every upload, newest first, with its size, the posts (drafts included) whose text links to it and the alt texts they give it. */
export async function listMedia(): Promise<MediaItem[]> {
  const rows = await getDb()
    .select({
      hash: m.hash,
      width: m.width,
      height: m.height,
      mimeType: m.mimeType,
      originalName: m.originalName,
      createdAt: m.createdAt,
      bytes: sql<number>`octet_length(${m.data})::int`,
    })
    .from(m)
    .orderBy(m.createdAt);
  const usage = new Map<string, MediaUse[]>();
  const alts = new Map<string, Set<string>>();
  for (const post of await listPosts({ includeDrafts: true })) {
    for (const hash of mediaHashesIn(post.content))
      usage.set(hash, [...(usage.get(hash) ?? []), { id: post.id, title: post.title, slug: post.slug, live: post.live }]);
    for (const { hash, alt } of mediaAltTexts(post.content)) alts.set(hash, (alts.get(hash) ?? new Set()).add(alt));
  }
  return rows.reverse().map((row) => ({
    ...row,
    url: mediaPath(row.hash),
    createdAt: row.createdAt.toISOString(),
    altTexts: [...(alts.get(row.hash) ?? [])],
    usedIn: usage.get(row.hash) ?? [],
  }));
}

/** Deletes an upload no post uses (MediaInUse names the posts that do). */
export async function deleteMedia(hash: string): Promise<void> {
  const usedIn = (await listPosts({ includeDrafts: true }))
    .filter((post) => mediaHashesIn(post.content).includes(hash))
    .map(({ id, title }) => ({ id, title }));
  if (usedIn.length > 0) throw new MediaInUse(usedIn);
  const gone = await getDb().delete(m).where(eq(m.hash, hash)).returning({ hash: m.hash });
  if (gone.length === 0) throw new MediaNotFound();
}
