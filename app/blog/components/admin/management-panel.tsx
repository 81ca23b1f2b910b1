import * as Dialog from "@radix-ui/react-dialog";
import { Eye, EyeOff, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { useToast } from "~/components/ui/toast";
import { categoryLabel } from "~/blog/category";
import { blogMessages, type BlogPostDto } from "~/blog/schema";
import { SessionExpiredError, useAdminList, useAdminSession } from "~/admin/admin-api";
import { IconButton } from "~/admin/components/icon-button";
import { BlogPostDialog } from "./post-dialog";
import { Spinner } from "~/components/ui/spinner";
import { formatDate } from "~/core/dates";


/** Every post, drafts included, with publish toggle, edit and delete. */
export function BlogManagementPanel() {
  const { adminFetch } = useAdminSession();
  const toast = useToast();
  const revalidator = useRevalidator();
  const { items: posts, failed, load } = useAdminList<BlogPostDto>("/api/blog");
  const [editing, setEditing] = useState<BlogPostDto | "new" | null>(null);
  const [deleting, setDeleting] = useState<BlogPostDto | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const changed = () => {
    void load();
    revalidator.revalidate();
  };

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

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold">Blog Management</h2>
        <button type="button" className="btn btn-primary" onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" className="size-4" />
          Create Post
        </button>
      </div>
      <div className="mt-4">
        {posts === null && !failed ? <Spinner label="Loading blog posts..." /> : null}
        {failed ? (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
            <p>Error loading blog posts. Please try again later.</p>
            <button type="button" className="btn btn-secondary mt-3" onClick={() => void load()}>
              Try again
            </button>
          </div>
        ) : null}
        {posts && posts.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
            No blog posts yet. Create your first post to get started!
          </p>
        ) : null}
        <ul className="grid gap-3">
          {posts?.map((post) => (
            <li key={post.id} className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="text-base font-semibold">{post.title}</h3>
                  <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${post.published ? "bg-emerald-100 text-emerald-900" : "bg-slate-200 text-slate-800"}`}>
                    {post.published ? "Published" : "Draft"}
                  </span>
                </div>
                <p className="mt-1 text-sm text-slate-700">
                  {categoryLabel(post.category)} · By {post.author} ·{" "}
                  <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
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
              </div>
              <div className="flex gap-1">
                <IconButton
                  label={post.published ? `Unpublish ${post.title}` : `Publish ${post.title}`}
                  disabled={busyId === post.id}
                  onClick={() => void togglePublished(post)}
                >
                  {post.published ? <Eye aria-hidden="true" className="size-5" /> : <EyeOff aria-hidden="true" className="size-5" />}
                </IconButton>
                <IconButton label={`Edit ${post.title}`} onClick={() => setEditing(post)}>
                  <Pencil aria-hidden="true" className="size-5" />
                </IconButton>
                <IconButton label={`Delete ${post.title}`} onClick={() => setDeleting(post)} danger>
                  <Trash2 aria-hidden="true" className="size-5" />
                </IconButton>
              </div>
            </li>
          ))}
        </ul>
      </div>

      <BlogPostDialog
        post={editing}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        onSaved={() => {
          setEditing(null);
          changed();
        }}
      />

      <Dialog.Root open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60" />
          <Dialog.Content
            role="alertdialog"
            className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl"
          >
            <Dialog.Title className="text-lg font-bold">Delete blog post</Dialog.Title>
            <Dialog.Description className="mt-2 text-slate-700">{blogMessages.deleteConfirm}</Dialog.Description>
            {deleting ? <p className="mt-2 font-semibold">{deleting.title}</p> : null}
            <div className="mt-6 flex justify-end gap-2">
              <Dialog.Close className="btn btn-secondary">Cancel</Dialog.Close>
              <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" disabled={busyId !== null} onClick={() => void confirmDelete()}>
                Delete
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
