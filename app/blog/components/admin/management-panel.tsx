import * as Tabs from "@radix-ui/react-tabs";
import { ExternalLink, Eye, EyeOff, ImageOff, Pencil, Plus, Trash2 } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { useToast } from "~/components/ui/toast";
import { categoryLabel } from "~/blog/category";
import { normalizeBlogImageUrl } from "~/blog/image";
import { blogMessages, POST_SORTS, POST_STATUS_FILTERS, postState, type AdminPostQuery, type BlogPostDto, type PostState } from "~/blog/schema";
import { SessionExpiredError, useAdminData, useAdminSession, useListParams } from "~/admin/admin-api";
import { ListToolbar, Pager } from "~/admin/components/list-controls";
import type { PageOf } from "~/core/paging";
import { BlogPostDialog } from "./post-dialog";
import { forgetDraft } from "./draft-storage";
import { storedDrafts, type LocalDraft } from "./post-form-state";
import { Spinner } from "~/components/ui/spinner";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { formatDateTime } from "~/core/dates";

type PostsPage = PageOf<BlogPostDto> & { counts: Record<AdminPostQuery["status"], number> };
type Status = AdminPostQuery["status"];
type Sort = AdminPostQuery["sort"];

const PARAMS = { q: "pq", sort: "psort", status: "pstatus", page: "ppage" };
const DEFAULTS = { q: "", sort: "newest", status: "all", page: "1" };

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

function readDrafts(): LocalDraft[] {
  try {
    return storedDrafts(window.localStorage);
  } catch {
    return [];
  }
}

/** Every post, drafts included: paged, searched and sorted on the server, with labelled actions. */
export function BlogManagementPanel() {
  const { adminFetch } = useAdminSession();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [params, setParams] = useListParams(PARAMS, DEFAULTS);
  const query = new URLSearchParams({ page: params.page, q: params.q, sort: params.sort, status: params.status });
  const { data, failed, loading, load } = useAdminData<PostsPage>(`/api/admin/posts?${query}`);
  const [editing, setEditing] = useState<BlogPostDto | "new" | null>(null);
  const [restoring, setRestoring] = useState<LocalDraft | null>(null);
  const [deleting, setDeleting] = useState<BlogPostDto | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [drafts, setDrafts] = useState<LocalDraft[]>([]);
  const posts = data?.items ?? null;

  useEffect(() => {
    setDrafts(readDrafts());
  }, [editing]);

  const changed = () => {
    void load();
    revalidator.revalidate();
  };

  const onQuery = useCallback((q: string) => setParams({ q, page: "1" }), [setParams]);

  async function restoreDraft(draft: LocalDraft) {
    if (draft.postId === null) {
      setRestoring(draft);
      setEditing("new");
      return;
    }
    try {
      const post = posts?.find((p) => p.id === draft.postId) ?? (await adminFetch<BlogPostDto>(`/api/blog/${draft.postId}`));
      setRestoring(draft);
      setEditing(post);
    } catch (error) {
      if (!(error instanceof SessionExpiredError)) {
        toast({ title: "The post of this draft no longer exists", description: "The draft was discarded.", variant: "destructive" });
        forgetDraft(draft.postId);
        setDrafts(readDrafts());
      }
    }
  }

  async function togglePublished(post: BlogPostDto) {
    setBusyId(post.id);
    try {
      await adminFetch(`/api/blog/${post.id}`, { method: "PUT", json: { published: !post.published } });
      toast({ title: post.published ? "Blog post unpublished successfully" : "Blog post published successfully" });
      changed();
    } catch (error) {
      if (!(error instanceof SessionExpiredError)) {
        toast({ title: "Failed to update blog post status", description: (error as Error).message, variant: "destructive" });
      }
    } finally {
      setBusyId(null);
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    const post = deleting;
    setBusyId(post.id);
    try {
      await adminFetch(`/api/blog/${post.id}`, { method: "DELETE" });
      toast({ title: "Blog post deleted successfully" });
      forgetDraft(post.id);
      setDeleting(null);
      changed();
    } catch (error) {
      if (!(error instanceof SessionExpiredError)) {
        toast({ title: "Failed to delete blog post", description: (error as Error).message, variant: "destructive" });
      }
    } finally {
      setBusyId(null);
    }
  }

  const status = params.status as Status;
  const list = (
    <div aria-busy={loading || undefined}>
      {posts === null && !failed ? <Spinner label="Loading blog posts..." /> : null}
      {failed ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          <p>Error loading blog posts. Please try again later.</p>
          <button type="button" className="btn btn-secondary mt-3" onClick={() => void load()}>
            Try again
          </button>
        </div>
      ) : null}
      {data && data.counts.all === 0 && !params.q ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">No blog posts yet. Create your first post to get started!</p>
      ) : data && data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">No posts match.</p>
      ) : null}
      <ul className="grid gap-3">
        {posts?.map((post) => (
          <PostRow
            key={post.id}
            post={post}
            busy={busyId === post.id}
            onToggle={() => void togglePublished(post)}
            onEdit={() => {
              setRestoring(null);
              setEditing(post);
            }}
            onDelete={() => setDeleting(post)}
          />
        ))}
      </ul>
      {data ? <Pager page={data.page} pageCount={data.pageCount} total={data.total} noun="posts" onPage={(page) => setParams({ page: String(page) })} /> : null}
    </div>
  );

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold">Blog Management</h2>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            setRestoring(null);
            setEditing("new");
          }}
        >
          <Plus aria-hidden="true" className="size-4" />
          Create Post
        </button>
      </div>

      {drafts.length > 0 ? (
        <section aria-labelledby="unsaved-drafts" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <h3 id="unsaved-drafts" className="font-semibold">
            Unsaved drafts in this browser
          </h3>
          <ul className="mt-2 grid gap-2">
            {drafts.map((draft) => (
              <li key={draft.postId ?? "new"} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="min-w-0 break-words">
                  <strong>{draft.form.title.trim() || "Untitled post"}</strong> ({draft.postId === null ? "new post" : "changes to a post"}), saved{" "}
                  <time dateTime={draft.savedAt}>{formatDateTime(draft.savedAt)}</time>
                </span>
                <span className="flex gap-2">
                  <button type="button" className="btn btn-primary" onClick={() => void restoreDraft(draft)}>
                    Restore draft
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    onClick={() => {
                      forgetDraft(draft.postId);
                      setDrafts(readDrafts());
                    }}
                  >
                    Discard
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="mt-4 grid gap-4">
        <ListToolbar
          label="Search posts"
          query={params.q}
          onQuery={onQuery}
          sort={params.sort as Sort}
          sorts={POST_SORTS}
          onSort={(sort) => setParams({ sort, page: "1" })}
        />
        <Tabs.Root value={status} onValueChange={(value) => setParams({ status: value, page: "1" })}>
          <Tabs.List aria-label="Filter posts" className="flex flex-wrap gap-1 rounded-2xl bg-slate-100 p-1 sm:inline-flex sm:rounded-full">
            {(Object.keys(POST_STATUS_FILTERS) as Status[]).map((value) => (
              <Tabs.Trigger
                key={value}
                value={value}
                className="min-h-10 rounded-full px-3 text-sm font-semibold text-slate-700 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm sm:px-4"
              >
                {POST_STATUS_FILTERS[value]}
                {data ? ` (${data.counts[value]})` : ""}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {(Object.keys(POST_STATUS_FILTERS) as Status[]).map((value) => (
            <Tabs.Content key={value} value={value} className="mt-4">
              {value === status ? list : null}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </div>

      <BlogPostDialog
        post={editing}
        restore={restoring}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        onSaved={() => {
          setEditing(null);
          changed();
        }}
      />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete blog post"
        description={blogMessages.deleteConfirm}
        detail={deleting?.title}
        confirmLabel="Delete"
        busy={busyId !== null}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}

/** One post: thumbnail, title, state, date, and its actions as labelled buttons. */
function PostRow({ post, busy, onToggle, onEdit, onDelete }: { post: BlogPostDto; busy: boolean; onToggle: () => void; onEdit: () => void; onDelete: () => void }) {
  const state = postState(post);
  const badge = STATE_BADGE[state];
  const thumbnail = thumbnailOf(post);
  return (
    <li className="grid grid-cols-[4rem_minmax(0,1fr)] gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:grid-cols-[6rem_minmax(0,1fr)] sm:p-4">
      {thumbnail ? (
        <img src={thumbnail} alt={post.imageAlt ?? ""} loading="lazy" width={96} height={60} className="h-10 w-16 rounded-lg border border-slate-200 bg-slate-100 object-cover sm:h-15 sm:w-24" />
      ) : (
        <div aria-hidden="true" className="flex h-10 w-16 items-center justify-center rounded-lg bg-slate-100 text-slate-500 sm:h-15 sm:w-24">
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
          <ActionButton label={`${post.published ? "Unpublish" : "Publish"} ${post.title}`} disabled={busy} onClick={onToggle}>
            {post.published ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
            {post.published ? "Unpublish" : "Publish"}
          </ActionButton>
          <ActionButton label={`Edit ${post.title}`} onClick={onEdit}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </ActionButton>
          <a href={`/blog/${post.slug}`} target="_blank" rel="noopener" aria-label={`View ${post.title} (opens in a new tab)`} className={actionClass}>
            <ExternalLink aria-hidden="true" className="size-4" />
            {state === "published" ? "View" : "Preview"}
          </a>
          <ActionButton label={`Delete ${post.title}`} onClick={onDelete} danger>
            <Trash2 aria-hidden="true" className="size-4" />
            Delete
          </ActionButton>
        </div>
      </div>
    </li>
  );
}

const actionClass =
  "inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-slate-300 px-3 text-sm font-semibold text-slate-800 hover:bg-slate-100 disabled:opacity-60";

/** A row action: its visible word leads its accessible name, which adds the post's title. */
function ActionButton({ label, onClick, disabled, danger, children }: { label: string; onClick: () => void; disabled?: boolean; danger?: boolean; children: React.ReactNode }) {
  return (
    <button type="button" aria-label={label} disabled={disabled} onClick={onClick} className={`${actionClass} ${danger ? "border-red-200 text-red-800 hover:bg-red-50" : ""}`}>
      {children}
    </button>
  );
}
