import { Trash2 } from "lucide-react";
import { useAdminTask } from "~/admin/admin-action";
import { useAdminSession } from "~/admin/admin-api";
import { formatDateTime } from "~/core/text/dates";
import { mediaPath, type MediaItem } from "~/blog/media/media";

/** "1.2 MB", "340 KB". */
function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The Media section (editors and up): every image uploaded for posts' text, with the alt texts posts
 * give it, its size and where it is used. Only an unused image can be deleted; a used one says why not.
 */
export function MediaLibrary({ items }: { items: MediaItem[] }) {
  return (
    <section aria-labelledby="media-heading">
      <h2 id="media-heading" className="text-xl font-bold">
        Media library
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Images uploaded into posts&apos; text. An image can be deleted once no post (drafts included) uses it.
      </p>
      {items.length === 0 ? (
        <p className="mt-4 text-slate-600">No images yet. Images added to a post&apos;s text in the editor appear here.</p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((item) => (
            <MediaCard key={item.hash} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MediaCard({ item }: { item: MediaItem }) {
  const { adminFetch } = useAdminSession();
  const { busy, run } = useAdminTask();
  const name = item.originalName ?? item.hash;
  const alt = item.altTexts[0] ?? "";
  const remove = async () => {
    if (!window.confirm(`Delete ${name}? This cannot be undone.`)) return;
    await run(() => adminFetch(`/api/admin/media/${item.hash}`, { method: "DELETE" }), {
      done: "Image deleted",
      failed: { title: "Failed to delete the image" },
    });
  };
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white" data-media={item.hash}>
      <a href={item.url} className="block bg-slate-100" aria-label={`Open ${name} full size`}>
        <img
          src={mediaPath(item.hash, 400)}
          alt={alt}
          width={item.width}
          height={item.height}
          loading="lazy"
          className="aspect-[4/3] w-full object-contain"
        />
      </a>
      <div className="grid flex-1 content-start gap-2 p-4 text-sm">
        <p className="break-all font-semibold text-slate-900">{name}</p>
        <p className="text-slate-700">
          {item.width} × {item.height} px · {formatBytes(item.bytes)} ·{" "}
          <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
        </p>
        <p className="text-slate-700">
          <span className="font-semibold">Alt text:</span>{" "}
          {item.altTexts.length ? item.altTexts.join(" / ") : <span className="italic">none (not used yet)</span>}
        </p>
        {item.usedIn.length ? (
          <div>
            <p className="font-semibold text-slate-900">Used in</p>
            <ul className="mt-1 grid gap-1">
              {item.usedIn.map((post) => (
                <li key={post.id}>
                  <a
                    href={post.live ? `/blog/${post.slug}` : `/admin?tab=blog&pq=${encodeURIComponent(post.slug)}`}
                    className="font-medium text-brand-700 underline underline-offset-2"
                  >
                    {post.title}
                  </a>
                  {post.live ? null : <span className="text-slate-600"> (not public)</span>}
                </li>
              ))}
            </ul>
            <p className="mt-2 text-slate-700">
              Cannot be deleted while a post uses it: remove it from {item.usedIn.length === 1 ? "that post" : "those posts"} first.
            </p>
          </div>
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-slate-700">Not used in any post.</p>
            <button type="button" className="btn btn-secondary min-h-9 px-4" disabled={busy} onClick={() => void remove()}>
              <Trash2 aria-hidden="true" className="size-4" />
              Delete <span className="sr-only">{name}</span>
            </button>
          </div>
        )}
      </div>
    </li>
  );
}
