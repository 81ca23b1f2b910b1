import { lazy, Suspense, useDeferredValue, useState } from "react";
import { useAdminDetail, useAdminSession } from "~/admin/admin-api";
import { useAdminTask } from "~/admin/admin-action";
import { inputClass, useFieldErrors } from "~/admin/components/field";
import { mediaPath } from "~/blog/media/media";
import { MAX_UPLOAD_BYTES, blogMessages } from "~/blog/post/schema";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useToast } from "~/components/ui/toast";
import { MarkdownPreviewPane } from "~/components/markdown-preview";
import type { BroadcastAudience, BroadcastReport, BroadcastState } from "../broadcasts";
import { LIST_LABELS, PLATFORMS, WAITLIST_CITIES, type ListName } from "../lists";
import { ListOptions } from "./list-options";

// The post editor's text surface (CodeMirror), fetched when the composer opens.
const MarkdownEditor = lazy(() => import("~/blog/editor/markdown-editor"));

export type Draft = { id: number | null; subject: string; markdown: string; list: ListName; city: string; platform: string };
export const NEW_DRAFT: Draft = { id: null, subject: "", markdown: "", list: "waitlist", city: "", platform: "" };

export function draftOf(report: BroadcastReport): Draft {
  return {
    id: report.id,
    subject: report.subject,
    markdown: report.markdown,
    list: report.list,
    city: report.segment.city ?? "",
    platform: report.segment.platform ?? "",
  };
}

/**
 * Writing a broadcast: subject, list and segment (the count of recipients shown as it changes), the
 * Markdown with its preview, then a test to oneself, and (administrators and the owner) sending now or
 * at a time in the site's time zone. Every button saves the draft first.
 */
export function BroadcastComposer({ initial, onSent, onClose }: { initial: Draft; onSent: (id: number) => void; onClose: () => void }) {
  const { adminFetch } = useAdminSession();
  const toast = useToast();
  const [draft, setDraft] = useState(initial);
  const [at, setAt] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fields = useFieldErrors(errors);
  const { field, error, id: formId } = fields;
  const { busy, run } = useAdminTask({ onFieldErrors: setErrors });
  const segment =
    draft.list === "waitlist"
      ? { ...(draft.city ? { city: draft.city } : {}), ...(draft.platform ? { platform: draft.platform } : {}) }
      : {};
  const query = new URLSearchParams({ list: draft.list, ...segment }).toString();
  const audience = useAdminDetail<BroadcastAudience>(`/api/admin/broadcasts/audience?${query}`);
  const shown = useDeferredValue(draft.markdown);
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));

  const save = async (): Promise<number> => {
    setErrors({});
    const body = { subject: draft.subject, markdown: draft.markdown, list: draft.list, segment };
    const saved = await adminFetch<{ id: number }>(draft.id ? `/api/admin/broadcasts/${draft.id}` : "/api/admin/broadcasts", {
      method: draft.id ? "PUT" : "POST",
      json: body,
    });
    set({ id: saved.id });
    return saved.id;
  };
  const test = () =>
    run(async () => adminFetch(`/api/admin/broadcasts/${await save()}/test`, { method: "POST" }), {
      done: "Test sent to your address",
      failed: "Failed to send the test",
    });
  const send = async (when: string | null) => {
    const done = await run(
      async () => {
        const id = await save();
        await adminFetch<{ state: BroadcastState }>(`/api/admin/broadcasts/${id}/send`, { method: "POST", json: when ? { at: when } : {} });
        return id;
      },
      { done: when ? "Broadcast scheduled" : "Broadcast sending", failed: "Failed to send the broadcast" },
    );
    setConfirming(false);
    if (done) onSent(done.value);
  };
  const upload = async (file: File) => {
    if (file.size > MAX_UPLOAD_BYTES) throw new Error(blogMessages.imageTooLarge);
    const form = new FormData();
    form.set("file", file);
    return mediaPath((await adminFetch<{ hash: string }>("/api/admin/media", { method: "POST", body: form })).hash);
  };
  const recipients = audience.data?.recipients;
  const select = "min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3";

  return (
    <section aria-labelledby={`${formId}-heading`} className="mt-4 grid gap-4">
      <h3 id={`${formId}-heading`} className="text-lg font-semibold">
        {draft.id ? "Edit the draft" : "New broadcast"}
      </h3>
      <div className="grid gap-1.5">
        <label htmlFor={field("subject").id} className="text-sm font-semibold">
          Subject
        </label>
        <input
          {...field("subject")}
          className={inputClass}
          value={draft.subject}
          maxLength={200}
          onChange={(e) => set({ subject: e.target.value })}
        />
        {error("subject")}
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="grid gap-1.5 text-sm font-semibold">
          List
          <select className={select} value={draft.list} onChange={(e) => set({ list: e.target.value as ListName })}>
            <ListOptions />
          </select>
        </label>
        {draft.list === "waitlist" ? (
          <>
            <label className="grid gap-1.5 text-sm font-semibold">
              City
              <select className={select} value={draft.city} onChange={(e) => set({ city: e.target.value })}>
                <option value="">Every city</option>
                {WAITLIST_CITIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </label>
            <label className="grid gap-1.5 text-sm font-semibold">
              Phone
              <select className={select} value={draft.platform} onChange={(e) => set({ platform: e.target.value })}>
                <option value="">iOS and Android</option>
                {Object.entries(PLATFORMS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
          </>
        ) : null}
      </div>
      <p role="status" className="text-sm font-semibold" data-testid="recipient-count">
        {recipients === undefined ? "Counting recipients..." : `${recipients} ${recipients === 1 ? "person" : "people"} would get it now`}
        <span className="font-normal text-slate-700">
          {" "}
          (confirmed{draft.list === "waitlist" ? " and told-at-city-launch" : ""} people of the segment, counted again at sending)
        </span>
      </p>
      <div className="grid gap-1.5">
        <span id={`${formId}-message-label`} className="text-sm font-semibold">
          Message
        </span>
        <div className="grid gap-4 xl:grid-cols-2">
          <Suspense
            fallback={
              <textarea
                {...field("markdown")}
                aria-labelledby={`${formId}-message-label`}
                rows={10}
                className={`${inputClass} font-mono`}
                value={draft.markdown}
                onChange={(e) => set({ markdown: e.target.value })}
              />
            }
          >
            <MarkdownEditor
              value={draft.markdown}
              onChange={(markdown) => set({ markdown })}
              upload={upload}
              onUploadError={(message) => toast({ title: "Failed to upload the image", description: message, variant: "destructive" })}
              labelledBy={`${formId}-message-label`}
              editorId={field("markdown").id}
              describedBy={field("markdown")["aria-describedby"]}
              invalid={Boolean(errors.markdown)}
            />
          </Suspense>
          <section aria-label="Preview" className="min-h-40 overflow-y-auto rounded-lg border border-slate-300 p-4">
            <MarkdownPreviewPane source={shown} />
          </section>
        </div>
        {error("markdown")}
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy}
          onClick={() => void run(save, { done: "Draft saved", failed: "Failed to save the draft" })}
        >
          Save draft
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void test()}>
          Send a test to me
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={onClose}>
          Close
        </button>
      </div>
      {audience.data?.canSend ? (
        <div className="grid gap-3 rounded-lg bg-slate-50 p-4 sm:grid-cols-[1fr_auto_auto] sm:items-end">
          <label className="grid gap-1.5 text-sm font-semibold">
            Send at ({audience.data.timezone})
            <input type="datetime-local" className={inputClass} value={at} onChange={(e) => setAt(e.target.value)} />
          </label>
          <button type="button" className="btn btn-secondary" disabled={busy || !at} onClick={() => void send(at)}>
            Schedule
          </button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => setConfirming(true)}>
            Send now
          </button>
        </div>
      ) : (
        <p className="text-sm text-slate-700">An administrator or the owner sends it.</p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Send this broadcast now?"
        description={`It goes to the ${LIST_LABELS[draft.list]}${draft.city ? ` in ${draft.city}` : ""}: ${recipients ?? "?"} people now. It cannot be called back.`}
        detail={draft.subject}
        confirmLabel="Send to everyone"
        busy={busy}
        onConfirm={() => void send(null)}
      />
    </section>
  );
}
