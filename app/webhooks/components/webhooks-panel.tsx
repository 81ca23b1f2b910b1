import { useState, type FormEvent } from "react";
import { useAdminTask } from "~/admin/admin-action";
import { useAdminDetail, useAdminSession } from "~/admin/admin-api";
import { Field, inputClass, useFieldErrors } from "~/admin/components/field";
import { LoadFailed } from "~/admin/components/load-failed";
import { ShownOnce } from "~/admin/components/shown-once";
import { formatDateTime } from "~/core/text/dates";
import { WEBHOOK_EVENTS, type WebhookDeliveryRow, type WebhookEndpointRow } from "../events";
import { PanelSection } from "~/admin/components/panel-section";
import { ItemList } from "~/admin/components/item-list";
import { ConfirmedButton } from "~/admin/components/confirmed-button";

/**
 * The Webhooks section (administrators and the owner): endpoints that receive the site's events,
 * signed as Standard Webhooks says (decision record 0036). The secret is shown once, when the endpoint is
 * added. Each endpoint's log shows its last 100 deliveries, with "Send a test" and "Retry".
 */
export function WebhooksPanel({ webhooks }: { webhooks: WebhookEndpointRow[] }) {
  const { adminFetch } = useAdminSession();
  const [secret, setSecret] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [open, setOpen] = useState<number | null>(null);
  const fields = useFieldErrors(errors);
  const { busy, run } = useAdminTask({ onFieldErrors: setErrors });

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setErrors({});
    const values = new FormData(form);
    const body = {
      url: String(values.get("url") ?? ""),
      events: values.getAll("events").map(String),
      includePersonalData: values.get("includePersonalData") === "on",
    };
    const made = await run(() => adminFetch<{ id: number; secret: string }>("/api/admin/webhooks", { method: "POST", json: body }), {
      done: "Webhook added",
      failed: "Could not add the webhook",
    });
    if (made) {
      setSecret(made.value.secret);
      form.reset();
    }
  };

  return (
    <PanelSection
      id="webhooks-heading"
      title="Endpoints"
      intro="Send new posts and enquiries to other tools (a CRM, a chat, an automation) as they happen. Each message is signed as the Standard Webhooks specification says; the secret is shown once."
    >
      <form onSubmit={(event) => void create(event)} className="grid max-w-xl gap-4" noValidate>
        <Field label="Endpoint address" htmlFor={fields.field("url").id} error={fields.error("url")}>
          <input name="url" type="url" inputMode="url" required placeholder="https://" className={inputClass} {...fields.field("url")} />
        </Field>
        <fieldset className="grid gap-2" aria-describedby={errors.events ? `${fields.field("events").id}-error` : undefined}>
          <legend className="text-sm font-semibold">Events</legend>
          {WEBHOOK_EVENTS.map((name) => (
            <label key={name} className="flex min-h-9 items-center gap-2 text-sm">
              <input type="checkbox" name="events" value={name} className="size-5" />
              <code>{name}</code>
            </label>
          ))}
          {errors.events ? (
            <p id={`${fields.field("events").id}-error`} className="text-sm text-red-700">
              {errors.events}
            </p>
          ) : null}
        </fieldset>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="includePersonalData" className="mt-0.5 size-5" />
          <span>
            Include personal data: an enquirer's name, e-mail address and message (otherwise only the enquiry's number, kind and time are
            sent).
          </span>
        </label>
        <button type="submit" className="btn btn-primary justify-self-start" disabled={busy}>
          Add webhook
        </button>
      </form>
      {secret ? (
        <ShownOnce
          title="Signing secret"
          hint="Copy it into the receiving tool now: it is not shown again."
          label="Signing secret"
          value={secret}
          onDone={() => setSecret(null)}
        />
      ) : null}
      <ItemList items={webhooks} loading={false} what="webhooks" itemClassName="grid gap-3 py-4">
        {(row) => (
          <>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="break-all font-semibold">{row.url}</p>
                <p className="text-sm text-slate-600">
                  {row.events.join(", ")} · {row.includePersonalData ? "with personal data" : "without personal data"} · added{" "}
                  {formatDateTime(row.createdAt)}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className="btn btn-secondary min-h-9 px-4"
                  aria-expanded={open === row.id}
                  onClick={() => setOpen(open === row.id ? null : row.id)}
                >
                  {open === row.id ? "Hide log" : "Show log"}
                  <span className="sr-only"> of {row.url}</span>
                </button>
                <button
                  type="button"
                  className="btn btn-secondary min-h-9 px-4"
                  disabled={busy}
                  onClick={() =>
                    void run(() => adminFetch(`/api/admin/webhooks/${row.id}/test`, { method: "POST" }), {
                      done: "Test message queued",
                      failed: "Could not send a test",
                    })
                  }
                >
                  Send a test<span className="sr-only"> to {row.url}</span>
                </button>
                <ConfirmedButton
                  question={`Remove the webhook to ${row.url}? Nothing more is sent there.`}
                  disabled={busy}
                  onConfirmed={() =>
                    void run(() => adminFetch(`/api/admin/webhooks/${row.id}`, { method: "DELETE" }), {
                      done: "Webhook removed",
                      failed: "Could not remove it",
                    })
                  }
                >
                  Remove<span className="sr-only"> {row.url}</span>
                </ConfirmedButton>
              </div>
            </div>
            {open === row.id ? <DeliveryLog endpointId={row.id} /> : null}
          </>
        )}
      </ItemList>
    </PanelSection>
  );
}

const STATUS_LABELS: Record<WebhookDeliveryRow["status"], string> = {
  pending: "Waiting",
  retrying: "Retrying",
  delivered: "Delivered",
  failed: "Failed",
};

function DeliveryLog({ endpointId }: { endpointId: number }) {
  const { data, failed, loading, load } = useAdminDetail<{ deliveries: WebhookDeliveryRow[] }>(
    `/api/admin/webhooks/${endpointId}/deliveries`,
  );
  const { adminFetch } = useAdminSession();
  const { run } = useAdminTask({ onDone: () => void load() });
  const retry = (id: number) =>
    run(() => adminFetch(`/api/admin/webhooks/${endpointId}/deliveries/${id}/retry`, { method: "POST" }), {
      done: "Sent again",
      failed: "Could not send it again",
    });
  if (failed) return <LoadFailed what="the delivery log" onRetry={() => void load()} />;
  if (!data) return <p className="text-sm text-slate-600">{loading ? "Loading the log..." : ""}</p>;
  if (data.deliveries.length === 0) return <p className="text-sm text-slate-600">Nothing sent yet.</p>;
  return (
    <div className="grid gap-2">
      <button type="button" className="btn btn-secondary min-h-9 justify-self-start px-4" onClick={() => void load()}>
        Refresh the log
      </button>
      <ul className="grid gap-2" aria-label="Last deliveries">
        {data.deliveries.map((delivery) => (
          <li
            key={delivery.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3 text-sm"
          >
            <div className="min-w-0">
              <p>
                <code>{delivery.eventType}</code> · <strong>{STATUS_LABELS[delivery.status]}</strong>
                {delivery.responseCode ? ` · answered ${delivery.responseCode}` : ""} · attempt {delivery.attempts}
              </p>
              <p className="text-slate-600">
                {formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt)}
                {delivery.lastError && delivery.status !== "delivered" ? ` · ${delivery.lastError}` : ""}
              </p>
            </div>
            {delivery.status === "failed" || delivery.status === "delivered" ? (
              <button type="button" className="btn btn-secondary min-h-9 px-4" onClick={() => void retry(delivery.id)}>
                Retry
                <span className="sr-only">
                  {" "}
                  {delivery.eventType} of {formatDateTime(delivery.createdAt)}
                </span>
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
