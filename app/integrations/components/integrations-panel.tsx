import { useState, type FormEvent } from "react";
import { useAdminTask, type TaskMessages } from "~/admin/admin-action";
import { useAdminSession } from "~/admin/admin-api";
import { Field, inputClass, useFieldErrors } from "~/admin/components/field";
import { ShownOnce } from "~/admin/components/shown-once";
import { formatDateTime } from "~/core/text/dates";
import type { IntegrationRow, IntegrationWithKey } from "../integrations.server";
import { PanelSection } from "~/admin/components/panel-section";
import { ItemList } from "~/admin/components/item-list";
import { ConfirmedButton } from "~/admin/components/confirmed-button";

/**
 * The Integrations section (administrators and the owner): make one for each tool that reads the blog
 * through Ghost's Content API, and see or revoke its key. A key is shown once, when made or regenerated:
 * only its hash is stored (decision record 0034).
 */
export function IntegrationsPanel({ integrations }: { integrations: IntegrationRow[] }) {
  const { adminFetch } = useAdminSession();
  const [shown, setShown] = useState<IntegrationWithKey | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fields = useFieldErrors(errors);
  const task = useAdminTask({ onFieldErrors: setErrors });
  const busy = task.busy;
  /** A made or regenerated key is shown (once), with the list reloaded. */
  const run = async (work: () => Promise<IntegrationWithKey | null>, messages: TaskMessages) =>
    Boolean(
      await task.run(async () => {
        const made = await work();
        if (made) setShown(made);
      }, messages),
    );
  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setErrors({});
    const name = String(new FormData(form).get("name") ?? "");
    const ok = await run(() => adminFetch("/api/admin/integrations", { method: "POST", json: { name } }), {
      done: "Integration added",
      failed: "Could not add the integration",
    });
    if (ok) form.reset();
  };

  return (
    <PanelSection
      id="integrations-heading"
      title="Keys"
      intro={
        <>
          Tools built for Ghost (its Content API client, starters, the app) read the published blog at <code>/ghost/api/content/</code> with
          a Content API key. Keys are shown once: copy one when it is made.
        </>
      }
    >
      <form onSubmit={(event) => void create(event)} className="grid max-w-xl gap-3 sm:grid-cols-[1fr_auto] sm:items-end" noValidate>
        <Field label="Integration name" htmlFor={fields.field("name").id} error={fields.error("name")}>
          <input name="name" required maxLength={100} className={inputClass} {...fields.field("name")} />
        </Field>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Add integration
        </button>
      </form>
      {shown ? (
        <ShownOnce
          title={`Content API key for ${shown.name}`}
          hint="Copy it now: it is not shown again."
          label="Content API key"
          value={shown.contentApiKey}
          onDone={() => setShown(null)}
        />
      ) : null}
      <ItemList
        items={integrations}
        loading={false}
        what="integrations"
        itemClassName="flex flex-wrap items-center justify-between gap-3 py-4"
      >
        {(row) => (
          <>
            <div>
              <p className="font-semibold">{row.name}</p>
              <p className="text-sm text-slate-600">
                Key ending <span className="font-mono">{row.keyHint}</span> · added {formatDateTime(row.createdAt)} ·{" "}
                {row.lastUsedAt ? `last used ${formatDateTime(row.lastUsedAt)}` : "never used"}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-secondary min-h-9 px-4"
                disabled={busy}
                onClick={() =>
                  void run(() => adminFetch(`/api/admin/integrations/${row.id}`, { method: "POST" }), {
                    done: "New key made",
                    failed: "Could not make a new key",
                  })
                }
              >
                Regenerate key<span className="sr-only"> of {row.name}</span>
              </button>
              <ConfirmedButton
                question={`Revoke ${row.name}? Its key stops working at once.`}
                disabled={busy}
                onConfirmed={() =>
                  void run(async () => (await adminFetch(`/api/admin/integrations/${row.id}`, { method: "DELETE" }), null), {
                    done: "Integration revoked",
                    failed: "Could not revoke it",
                  })
                }
              >
                Revoke<span className="sr-only"> {row.name}</span>
              </ConfirmedButton>
            </div>
          </>
        )}
      </ItemList>
    </PanelSection>
  );
}
