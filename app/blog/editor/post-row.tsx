import { ExternalLink, Eye, EyeOff, ImageOff, Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { categoryLabel } from "~/blog/post/category";
import { normalizeBlogImageUrl } from "~/blog/post/image";
import { postState, type PostState } from "~/blog/post/admin-list";
import type { BlogPostDto } from "~/blog/post/schema";
import { formatDateTime } from "~/core/text/dates";
import { writerEdits, writerPublishes, type PostWriter } from "./post-writer";

/** One post of the admin list, with the actions the signed-in member may take on it. */

const STATE_BADGE: Record<PostState, { label: string; className: string }> = {
  published: { label: "Published", className: "bg-emerald-100 text-emerald-900" },
  scheduled: { label: "Scheduled", className: "bg-sky-100 text-sky-900" },
  draft: { label: "Draft", className: "bg-slate-200 text-slate-800" },
};

/** Where the list's thumbnail comes from: a small variant of an upload, else the post's own address. */
function thumbnailOf(post: BlogPostDto): string | null {
  if (post.image?.startsWith("/api/blog/")) return `${post.image}${post.image.includes("?") ? "&" : "?"}w=400`;
  return normalizeBlogImageUrl(post.image);
}

/** One post: thumbnail, title, state, date, and its actions as labelled buttons. */
export function PostRow({
  post,
  writer,
  busy,
  onToggle,
  onEdit,
  onDelete,
}: {
  post: BlogPostDto;
  writer: PostWriter;
  busy: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const state = postState(post);
  const badge = STATE_BADGE[state];
  const thumbnail = thumbnailOf(post);
  // Only what the role may do is offered (the server refuses the rest): a contributor neither publishes
  // nor changes a published post, an author only their own.
  const editable = writerEdits(writer, post);
  return (
    <li className="grid grid-cols-[4rem_minmax(0,1fr)] gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:grid-cols-[6rem_minmax(0,1fr)] sm:p-4">
      {thumbnail ? (
        <img
          src={thumbnail}
          alt={post.imageAlt ?? ""}
          loading="lazy"
          width={96}
          height={60}
          className="h-10 w-16 rounded-lg border border-slate-200 bg-slate-100 object-cover sm:h-15 sm:w-24"
        />
      ) : (
        <div
          aria-hidden="true"
          className="flex h-10 w-16 items-center justify-center rounded-lg bg-slate-100 text-slate-500 sm:h-15 sm:w-24"
        >
          <ImageOff className="size-5" />
        </div>
      )}
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 break-words text-base font-semibold">{post.title}</h3>
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge.className}`}>{badge.label}</span>
        </div>
        <p className="mt-1 text-sm text-slate-700">
          {state === "scheduled" ? "Appears " : state === "published" ? "Published " : "Dated "}
          <time dateTime={post.createdAt}>{formatDateTime(post.createdAt)}</time> · {categoryLabel(post.category)} · By {post.author}
        </p>
        <p className="mt-1 line-clamp-2 text-sm text-slate-700">{post.excerpt}</p>
        {post.tags.length > 0 ? (
          <ul aria-label="Tags" className="mt-2 flex flex-wrap gap-1.5">
            {post.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-3 flex flex-wrap gap-2">
          {editable && writerPublishes(writer) ? (
            <ActionButton label={`${post.published ? "Unpublish" : "Publish"} ${post.title}`} disabled={busy} onClick={onToggle}>
              {post.published ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
              {post.published ? "Unpublish" : "Publish"}
            </ActionButton>
          ) : null}
          {editable ? (
            <ActionButton label={`Edit ${post.title}`} onClick={onEdit}>
              <Pencil aria-hidden="true" className="size-4" />
              Edit
            </ActionButton>
          ) : null}
          <a
            href={`/blog/${post.slug}`}
            target="_blank"
            rel="noopener"
            aria-label={`View ${post.title} (opens in a new tab)`}
            className={actionClass}
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            {state === "published" ? "View" : "Preview"}
          </a>
          {editable ? (
            <ActionButton label={`Delete ${post.title}`} onClick={onDelete} danger>
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
            </ActionButton>
          ) : null}
        </div>
      </div>
    </li>
  );
}

const actionClass =
  "inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-slate-300 px-3 text-sm font-semibold text-slate-800 hover:bg-slate-100 disabled:opacity-60";

/** A row action: its visible word leads its accessible name, which adds the post's title. */
function ActionButton({
  label,
  onClick,
  disabled,
  danger,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className={`${actionClass} ${danger ? "border-red-200 text-red-800 hover:bg-red-50" : ""}`}
    >
      {children}
    </button>
  );
}
