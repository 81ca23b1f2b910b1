import * as Tabs from "@radix-ui/react-tabs";
import { Plus } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { POST_SORTS, POST_STATUS_FILTERS, type AdminPostQuery } from "~/blog/post/admin-list";
import { blogMessages, type BlogPostDto } from "~/blog/post/schema";
import { useAdminTask } from "~/admin/admin-action";
import { useAdminSession, useListParams } from "~/admin/admin-api";
import { listValues } from "~/admin/list-params";
import { ListToolbar, Pager } from "~/admin/components/list-controls";
import type { PageOf } from "~/core/http/paging";
import { forgetDraft, type LocalDraft } from "./draft-storage";
import type { EditorEntry } from "./post-editor-page";
import { PostRow } from "./post-row";
import type { PostWriter } from "./post-writer";
import { readDrafts, UnsavedDrafts } from "./unsaved-drafts";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";

export type PostsPage = PageOf<BlogPostDto> & { counts: Record<AdminPostQuery["status"], number> };
type Status = AdminPostQuery["status"];
type Sort = AdminPostQuery["sort"];

const PARAMS = { q: "pq", sort: "psort", status: "pstatus", page: "ppage" };
const DEFAULTS = { q: "", sort: "newest", status: "all", page: "1" };

/** The list's page, search, filter and sort as the section's address says them (read by the section's loader). */
export function postListQuery(search: URLSearchParams): Record<keyof typeof PARAMS, string> {
  return listValues(search, PARAMS, DEFAULTS);
}

/** Every post, drafts included: paged, searched and sorted on the server, with labelled actions. A post is
 * written on its own page (/admin/posts/new, /admin/posts/:id), which comes back to this list as it was. */
export function BlogManagementPanel({ writer, page: data }: { writer: PostWriter; page: PostsPage }) {
  const { adminFetch } = useAdminSession();
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search;
  const open = (id: number | "new", restore = false) =>
    void navigate(`/admin/posts/${id}`, { state: { back: here, restore } satisfies EditorEntry });
  const [params, setParams] = useListParams(PARAMS, DEFAULTS);
  const [deleting, setDeleting] = useState<BlogPostDto | null>(null);
  const { pending: busyId, run } = useAdminTask();
  const [drafts, setDrafts] = useState<LocalDraft[]>([]);
  const posts = data.items;

  useEffect(() => {
    setDrafts(readDrafts());
  }, []);

  const onQuery = useCallback((q: string) => setParams({ q, page: "1" }), [setParams]);

  // A saved draft whose post is gone (deleted meanwhile) is said so and discarded; an ended session keeps it.
  const checking = useRef<number | null>(null);
  const checkDraft = useAdminTask({
    revalidate: false,
    onRefused: () => {
      forgetDraft(checking.current);
      setDrafts(readDrafts());
    },
  });
  async function restoreDraft(draft: LocalDraft) {
    const postId = draft.postId;
    if (postId === null) return open("new", true);
    checking.current = postId;
    const found = await checkDraft.run(
      () => (posts?.some((p) => p.id === postId) ? Promise.resolve() : adminFetch(`/api/blog/${postId}`)),
      {
        failed: { title: "The post of this draft no longer exists", description: "The draft was discarded." },
      },
    );
    if (found) open(postId, true);
  }

  const togglePublished = (post: BlogPostDto) =>
    void run(() => adminFetch(`/api/blog/${post.id}`, { method: "PUT", json: { published: !post.published } }), {
      done: post.published ? "Blog post unpublished successfully" : "Blog post published successfully",
      failed: { title: "Failed to update blog post status" },
      key: post.id,
    });

  async function confirmDelete() {
    if (!deleting) return;
    const post = deleting;
    const deleted = await run(() => adminFetch(`/api/blog/${post.id}`, { method: "DELETE" }), {
      done: "Blog post deleted successfully",
      failed: { title: "Failed to delete blog post" },
      key: post.id,
    });
    if (!deleted) return;
    forgetDraft(post.id);
    setDeleting(null);
  }

  const status = params.status as Status;
  const list = (
    <div>
      {data.counts.all === 0 && !params.q ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
          No blog posts yet. Create your first post to get started!
        </p>
      ) : data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">No posts match.</p>
      ) : null}
      <ul className="grid gap-3">
        {posts.map((post) => (
          <PostRow
            key={post.id}
            post={post}
            writer={writer}
            busy={busyId === post.id}
            onToggle={() => togglePublished(post)}
            onEdit={() => open(post.id)}
            onDelete={() => setDeleting(post)}
          />
        ))}
      </ul>
      <Pager
        page={data.page}
        pageCount={data.pageCount}
        total={data.total}
        noun="posts"
        onPage={(page) => setParams({ page: String(page) })}
      />
    </div>
  );

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 tabIndex={-1} className="text-2xl font-extrabold tracking-tight focus:outline-none sm:text-3xl">
          Blog Management
        </h1>
        <Link to="/admin/posts/new" state={{ back: here } satisfies EditorEntry} className="btn btn-primary">
          <Plus aria-hidden="true" className="size-4" />
          Create Post
        </Link>
      </div>

      <UnsavedDrafts
        drafts={drafts}
        onRestore={(draft) => void restoreDraft(draft)}
        onDiscard={(draft) => {
          forgetDraft(draft.postId);
          setDrafts(readDrafts());
        }}
      />

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
          {/* Two by two at 375 px (never one filter alone on a second line), one row from sm up. */}
          <Tabs.List
            aria-label="Filter posts"
            className="grid grid-cols-2 gap-1 rounded-2xl bg-slate-100 p-1 sm:inline-flex sm:rounded-full"
          >
            {(Object.keys(POST_STATUS_FILTERS) as Status[]).map((value) => (
              <Tabs.Trigger
                key={value}
                value={value}
                className="min-h-10 whitespace-nowrap rounded-full px-3 text-sm font-semibold text-slate-700 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm sm:px-4"
              >
                {POST_STATUS_FILTERS[value]}
                {` (${data.counts[value]})`}
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
