import { useState, type FormEvent } from "react";
import { useAdminTask } from "~/admin/admin-action";
import { useAdminSession } from "~/admin/admin-api";
import { ConfirmedButton } from "~/admin/components/confirmed-button";
import { Field, inputClass, useFieldErrors } from "~/admin/components/field";
import { ItemList } from "~/admin/components/item-list";
import { PanelSection } from "~/admin/components/panel-section";
import { EmailAddress } from "~/components/ui/email-address";
import { formatDateTime } from "~/core/text/dates";
import { fieldErrors } from "~/core/text/field-errors";
import { SUPPRESSION_REASON_LABELS, suppressionInputSchema, type SuppressionItem } from "../suppressions";

const SUPPRESSIONS_URL = "/api/admin/suppressions";

/**
 * The suppression list (issue 51) for administrators and the owner: the addresses no list mail goes to, with
 * why and since when; an address added by hand, an entry removed (both in the audit log). A person's own mail
 * (a password reset, an invitation) still goes to a suppressed address.
 */
export function SuppressionsPanel({ items }: { items: SuppressionItem[] }) {
  const { adminFetch } = useAdminSession();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fields = useFieldErrors(errors);
  const task = useAdminTask({ onFieldErrors: setErrors });

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = suppressionInputSchema.safeParse(Object.fromEntries(new FormData(form)));
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    const made = await task.run(() => adminFetch(SUPPRESSIONS_URL, { method: "POST", json: parsed.data }), {
      done: "Address suppressed",
      failed: "Could not suppress the address",
    });
    if (made) form.reset();
  };
  const remove = (row: SuppressionItem) =>
    void task.run(() => adminFetch(`${SUPPRESSIONS_URL}/${row.id}`, { method: "DELETE" }), {
      key: row.id,
      done: "Removed from the suppression list",
      failed: "Could not remove it",
    });

  return (
    <div className="mt-10">
      <PanelSection
        id="suppressions-heading"
        title="Suppression list"
        className="grid gap-4"
        intro="No list e-mail (new posts, broadcasts, the early-adopter list's mail) goes to these addresses: they bounced for good, their owner reported one as spam, or an administrator added them. Password resets and invitations still go."
      >
        <form onSubmit={(event) => void add(event)} className="grid max-w-xl gap-3 sm:grid-cols-[1fr_auto] sm:items-end" noValidate>
          <Field label="E-mail address" htmlFor={fields.field("email").id} error={fields.error("email")}>
            <input
              name="email"
              type="email"
              required
              maxLength={254}
              autoComplete="off"
              className={inputClass}
              {...fields.field("email")}
            />
          </Field>
          <button type="submit" className="btn btn-primary w-fit" disabled={task.busy}>
            Suppress
          </button>
        </form>
        <ItemList
          items={items}
          loading={false}
          what="suppressed addresses"
          label="Suppressed addresses"
          itemClassName="flex flex-wrap items-center justify-between gap-3 py-3"
        >
          {(row) => (
            <>
              <div className="min-w-0">
                <p className="font-medium">
                  {row.email ? (
                    <EmailAddress address={row.email} />
                  ) : (
                    <span className="text-slate-700">Address erased (its keyed hash is kept)</span>
                  )}
                </p>
                <p className="text-sm text-slate-700">
                  {SUPPRESSION_REASON_LABELS[row.reason]} · since <time dateTime={row.at}>{formatDateTime(row.at)}</time>
                </p>
              </div>
              <ConfirmedButton
                question={`Mail ${row.email ?? "this address"} again? It comes off the suppression list.`}
                disabled={task.busy}
                onConfirmed={() => remove(row)}
              >
                Remove<span className="sr-only"> {row.email ?? `entry ${row.id}`}</span>
              </ConfirmedButton>
            </>
          )}
        </ItemList>
      </PanelSection>
    </div>
  );
}
