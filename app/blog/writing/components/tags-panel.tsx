import { useState, type FormEvent } from "react";
import { useAdminTask } from "~/admin/admin-action";
import { useAdminSession } from "~/admin/admin-api";
import type { AdminTag } from "~/blog/post/tags";

/** The Tags section (editor and up): rename, describe and merge the blog's tags, as its loader lists them. */
export function TagsPanel({ tags }: { tags: AdminTag[] }) {
  if (tags.length === 0) return <p className="text-slate-600">No tags yet. Tags added to posts appear here.</p>;
  return (
    <section aria-labelledby="tags-heading">
      <h2 id="tags-heading" className="text-xl font-bold">
        All tags
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Each tag has a page at /blog/tag/… with its description. Renaming changes every post that carries the tag.
      </p>
      <ul className="mt-4 divide-y divide-slate-200 border-y border-slate-200">
        {tags.map((tag) => (
          <TagRow key={tag.slug} tag={tag} others={tags.filter((other) => other.slug !== tag.slug)} />
        ))}
      </ul>
    </section>
  );
}

function TagRow({ tag, others }: { tag: AdminTag; others: AdminTag[] }) {
  const { adminFetch } = useAdminSession();
  const [editing, setEditing] = useState(false);
  const [into, setInto] = useState("");
  const { busy, run } = useAdminTask({ onDone: () => setEditing(false) });

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get("name") ?? "").trim();
    const description = String(form.get("description") ?? "");
    void run(
      () => adminFetch(`/api/admin/tags/${tag.slug}`, { method: "PATCH", json: { ...(name !== tag.name ? { name } : {}), description } }),
      { done: "Tag updated", failed: "Failed to update tag" },
    );
  };
  const merge = () =>
    void run(() => adminFetch("/api/admin/tags/merge", { method: "POST", json: { from: [tag.slug], into } }), {
      done: "Tags merged",
      failed: "Failed to merge tags",
    });

  return (
    <li className="py-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p>
          <a href={`/blog/tag/${tag.slug}`} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            {tag.name}
          </a>{" "}
          <span className="text-sm text-slate-600">
            ({tag.posts} {tag.posts === 1 ? "post" : "posts"})
          </span>
        </p>
        <button
          type="button"
          className="btn btn-secondary min-h-9 px-4"
          aria-expanded={editing}
          onClick={() => setEditing((open) => !open)}
        >
          {editing ? "Cancel" : `Edit ${tag.name}`}
        </button>
      </div>
      {tag.description && !editing ? <p className="mt-1 text-sm text-slate-700">{tag.description}</p> : null}
      {editing ? (
        <div className="mt-3 grid gap-4">
          <form onSubmit={save} className="grid gap-3">
            <label className="grid gap-1 text-sm font-semibold">
              Name
              <input
                name="name"
                defaultValue={tag.name}
                required
                maxLength={40}
                className="rounded-md border border-slate-300 px-3 py-2 font-normal"
              />
            </label>
            <label className="grid gap-1 text-sm font-semibold">
              Description
              <textarea
                name="description"
                defaultValue={tag.description}
                maxLength={500}
                rows={2}
                className="rounded-md border border-slate-300 px-3 py-2 font-normal"
              />
            </label>
            <button type="submit" className="btn btn-primary w-fit" disabled={busy}>
              Save tag
            </button>
          </form>
          {others.length ? (
            <div className="flex flex-wrap items-end gap-3">
              <label className="grid gap-1 text-sm font-semibold">
                Merge into
                <select
                  value={into}
                  onChange={(e) => setInto(e.target.value)}
                  className="min-h-11 rounded-md border border-slate-300 px-3 font-normal"
                >
                  <option value="">Choose a tag</option>
                  {others.map((other) => (
                    <option key={other.slug} value={other.slug}>
                      {other.name}
                    </option>
                  ))}
                </select>
              </label>
              <button type="button" className="btn btn-secondary" disabled={busy || !into} onClick={merge}>
                Merge
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
