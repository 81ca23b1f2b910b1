import * as Tabs from "@radix-ui/react-tabs";
import { Plus } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useToast } from "~/components/ui/toast";
import { blogMessages, POST_SORTS, POST_STATUS_FILTERS, type AdminPostQuery, type BlogPostDto } from "~/blog/schema";
import { SessionExpiredError, useAdminData, useAdminSession, useListParams } from "~/admin/admin-api";
import { listValues } from "~/admin/list-params";
import { ListToolbar, Pager } from "~/admin/components/list-controls";
import type { PageOf } from "~/core/paging";
import { forgetDraft, type LocalDraft } from "./draft-storage";
import type { EditorEntry } from "./post-editor-page";
import { PostRow } from "./post-row";
import type { PostWriter } from "./post-writer";
import { readDrafts, UnsavedDrafts } from "./unsaved-drafts";
import { Spinner } from "~/components/ui/spinner";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";

type PostsPage = PageOf<BlogPostDto> & { counts: Record<AdminPostQuery["status"], number> };
type Status = AdminPostQuery["status"];
type Sort = AdminPostQuery["sort"];

const PARAMS = { q: "pq", sort: "psort", status: "pstatus", page: "ppage" };
const DEFAULTS = { q: "", sort: "newest", status: "all", page: "1" };

/** The API address of the list that the section's address shows: asked by this panel and by the section's loader. */
export function postListAddress(search: URLSearchParams): string {
  const { page, q, sort, status } = listValues(search, PARAMS, DEFAULTS);
  return `/api/admin/posts?${new URLSearchParams({ page, q, sort, status })}`;
}

/** Every post, drafts included: paged, searched and sorted on the server, with labelled actions. A post is
 * written on its own page (/admin/posts/new, /admin/posts/:id), which comes back to this list as it was. */
export function BlogManagementPanel({ writer }: { writer: PostWriter }) {
  const { adminFetch } = useAdminSession();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search;
  const open = (id: number | "new", restore = false) => void navigate(`/admin/posts/${id}`, { state: { back: here, restore } satisfies EditorEntry });
  const [params, setParams] = useListParams(PARAMS, DEFAULTS);
  const { data, failed, loading, load } = useAdminData<PostsPage>(postListAddress(new URLSearchParams(location.search)));
  const [deleting, setDeleting] = useState<BlogPostDto | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [drafts, setDrafts] = useState<LocalDraft[]>([]);
  const posts = data?.items ?? null;

  useEffect(() => {
    setDrafts(readDrafts());
  }, []);

  const changed = () => void load();

  const onQuery = useCallback((q: string) => setParams({ q, page: "1" }), [setParams]);

  async function restoreDraft(draft: LocalDraft) {
    if (draft.postId === null) return open("new", true);
    try {
      if (!posts?.some((p) => p.id === draft.postId)) await adminFetch<BlogPostDto>(`/api/blog/${draft.postId}`);
      open(draft.postId, true);
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
            writer={writer}
            busy={busyId === post.id}
            onToggle={() => void togglePublished(post)}
            onEdit={() => open(post.id)}
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
          <Tabs.List aria-label="Filter posts" className="grid grid-cols-2 gap-1 rounded-2xl bg-slate-100 p-1 sm:inline-flex sm:rounded-full">
            {(Object.keys(POST_STATUS_FILTERS) as Status[]).map((value) => (
              <Tabs.Trigger
                key={value}
                value={value}
                className="min-h-10 whitespace-nowrap rounded-full px-3 text-sm font-semibold text-slate-700 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm sm:px-4"
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
