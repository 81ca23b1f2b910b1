import { useState } from "react";
import { useAdminSession } from "~/admin/admin-api";
import { useAdminTask } from "~/admin/admin-action";
import type { Revision, RevisionDiff, RevisionSummary } from "~/blog/writing/revisions";
import type { BlogPostDto } from "~/blog/post/schema";
import { formatDateTime } from "~/core/text/dates";

/**
 * The post's earlier saves, in the editor: who saved each and when, what changed since (a line diff
 * against the current text), and a way back (a restore is itself a new revision). Loaded when opened.
 */
export function RevisionsPanel({ post, onRestored }: { post: BlogPostDto; onRestored: () => void }) {
  const { adminFetch } = useAdminSession();
  const [items, setItems] = useState<RevisionSummary[] | null>(null);
  const [shown, setShown] = useState<{ revision: Revision; diff: RevisionDiff } | null>(null);
  // Reads on demand and the restore say their errors one way; the editor takes the restored text (onRestored).
  const reading = useAdminTask({ revalidate: false });
  const restoring = useAdminTask({ revalidate: false, onDone: onRestored });
  const busy = restoring.busy;

  async function load() {
    const answer = await reading.run(() => adminFetch<{ items: RevisionSummary[] }>(`/api/admin/posts/${post.id}/revisions`), {
      failed: { title: "Failed to load revisions" },
    });
    if (answer) setItems(answer.value.items);
  }

  async function compare(id: number) {
    const answer = await reading.run(
      () => adminFetch<{ revision: Revision; diff: RevisionDiff }>(`/api/admin/posts/${post.id}/revisions/${id}`),
      {
        failed: { title: "Failed to load the revision" },
      },
    );
    if (answer) setShown(answer.value);
  }

  function restore(id: number) {
    if (busy) return;
    void restoring.run(() => adminFetch(`/api/admin/posts/${post.id}/revisions/${id}/restore`, { method: "POST" }), {
      done: "Revision restored",
      failed: { title: "Failed to restore the revision" },
    });
  }

  return (
    <details
      className="rounded-lg border border-slate-200 px-4 py-2 text-sm"
      onToggle={(event) => {
        if (event.currentTarget.open && items === null) void load();
      }}
    >
      <summary className="cursor-pointer py-1 font-semibold">Revisions</summary>
      {items === null ? (
        <p className="py-2 text-slate-700">Loading revisions...</p>
      ) : items.length === 0 ? (
        <p className="py-2 text-slate-700">No earlier saves yet.</p>
      ) : (
        <ol aria-label="Revisions" className="grid gap-2 py-2">
          {items.map((item, index) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2">
              <span>
                <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time> by {item.actorEmail}
                {index === 0 ? " (current)" : ""}
                {item.restoredFromId ? " (restored)" : ""}
              </span>
              {index === 0 ? null : (
                <span className="flex gap-2">
                  <button
                    type="button"
                    className="btn btn-secondary"
                    aria-label={`Compare the revision of ${formatDateTime(item.createdAt)}`}
                    onClick={() => void compare(item.id)}
                  >
                    Compare
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary aria-disabled:opacity-60"
                    aria-disabled={busy || undefined}
                    aria-label={`Restore the revision of ${formatDateTime(item.createdAt)}`}
                    onClick={() => restore(item.id)}
                  >
                    Restore
                  </button>
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {shown ? <RevisionDiffView revision={shown.revision} diff={shown.diff} /> : null}
    </details>
  );
}

/** Red struck-through lines are the revision's (a restore brings them back); green ones are the current text's. */
function RevisionDiffView({ revision, diff }: { revision: Revision; diff: RevisionDiff }) {
  return (
    <section aria-label="Changes since this revision" className="grid gap-2 border-t border-slate-200 py-3">
      <h3 className="font-semibold">Changes since {formatDateTime(revision.createdAt)}</h3>
      {diff.title ? <ChangedLine label="Title" change={diff.title} /> : null}
      {diff.excerpt ? <ChangedLine label="Excerpt" change={diff.excerpt} /> : null}
      <pre className="max-h-72 overflow-auto rounded-lg bg-white p-3 text-xs whitespace-pre-wrap">
        {diff.content.map((part, i) =>
          part.removed ? (
            <del key={i} className="block bg-red-100 text-red-900">
              {part.value}
            </del>
          ) : part.added ? (
            <ins key={i} className="block bg-green-100 text-green-900 no-underline">
              {part.value}
            </ins>
          ) : (
            <span key={i}>{part.value}</span>
          ),
        )}
      </pre>
    </section>
  );
}

function ChangedLine({ label, change }: { label: string; change: { from: string; to: string } }) {
  return (
    <p>
      <span className="font-semibold">{label}:</span> <del className="bg-red-100 text-red-900">{change.from}</del>{" "}
      <ins className="bg-green-100 text-green-900 no-underline">{change.to}</ins>
    </p>
  );
}
