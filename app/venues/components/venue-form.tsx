import * as Dialog from "@radix-ui/react-dialog";
import { useRef, useState, type FormEvent, type InputHTMLAttributes } from "react";
import { useAdminTask } from "~/admin/admin-action";
import { useAdminSession } from "~/admin/admin-api";
import { Field, inputClass, useFieldErrors } from "~/admin/components/field";
import { AdminDialogHeader } from "~/admin/components/dialog-header";
import { VENUE_IMAGES } from "~/venues/images";
import { PRICE_LEVELS, VENUE_TYPE_LABELS, VENUE_TYPES, venueInputSchema, WEEK_DAYS, type AdminVenue } from "~/venues/schema";
import { CityOptions } from "./city-options";
import { initialState, issueKey, toBody, type FormState } from "./venue-form-state";

/** The add/edit venue dialog's form: every field, checked in the browser with the server's schema. */
export function VenueForm({ venue, onSaved }: { venue: AdminVenue | null; onSaved: () => void }) {
  const { adminFetch } = useAdminSession();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<FormState>(() => initialState(venue));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy: saving, run } = useAdminTask({
    onDone: onSaved,
    onFieldErrors: (found) => setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [issueKey(k.split(".")), v]))),
    toastFieldErrors: true,
  });
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const { id, field, error } = useFieldErrors(errors);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = toBody(form);
    const parsed = venueInputSchema.safeParse(body);
    const found: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[issueKey(issue.path)] ??= issue.message;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    await run(
      () =>
        venue
          ? adminFetch(`/api/admin/venues/${venue.id}`, { method: "PUT", json: body })
          : adminFetch("/api/admin/venues", { method: "POST", json: body }),
      {
        done: venue ? "Venue updated successfully" : "Venue added successfully",
        failed: { title: venue ? "Failed to update venue" : "Failed to add venue" },
      },
    );
  }

  const text = (name: keyof FormState & string, label: string, props: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <Field label={label} htmlFor={`${id}-${name}`} error={error(name)}>
      <input
        {...field(name)}
        className={inputClass}
        value={form[name] as string}
        onChange={(e) => set(name, e.target.value as never)}
        {...props}
      />
    </Field>
  );

  return (
    <>
      <AdminDialogHeader title={venue ? "Edit Venue" : "Add Venue"} />
      <form ref={formRef} onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
        <div className="grid flex-1 content-start gap-4 overflow-y-auto px-6 py-5 sm:grid-cols-2">
          {text("name", "Name", { autoComplete: "off" })}
          <Field label="City" htmlFor={`${id}-city`} error={error("city")}>
            <select {...field("city")} className={inputClass} value={form.city} onChange={(e) => set("city", e.target.value)}>
              <CityOptions />
            </select>
          </Field>
          <div className="sm:col-span-2">{text("address", "Address")}</div>
          {text("lat", "Latitude", { inputMode: "decimal" })}
          {text("lng", "Longitude", { inputMode: "decimal" })}
          <Field label="Type" htmlFor={`${id}-type`} error={error("type")}>
            <select {...field("type")} className={inputClass} value={form.type} onChange={(e) => set("type", e.target.value)}>
              {VENUE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {VENUE_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Price level" htmlFor={`${id}-priceLevel`} error={error("priceLevel")}>
            <select
              {...field("priceLevel")}
              className={inputClass}
              value={form.priceLevel}
              onChange={(e) => set("priceLevel", e.target.value)}
            >
              {PRICE_LEVELS.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </Field>
          {text("rating", "Rating (0 to 5)", { inputMode: "decimal" })}
          {text("openUntil", "Open until", { placeholder: "2:00 AM" })}
          {text("phone", "Phone", { type: "tel" })}
          {text("website", "Website (optional)", { type: "url", placeholder: "https://" })}
          <div className="sm:col-span-2">{text("image", "Image (site path or https:// URL)", { list: `${id}-images` })}</div>
          <datalist id={`${id}-images`}>
            {Object.values(VENUE_IMAGES)
              .flat()
              .map((src) => (
                <option key={src} value={src} />
              ))}
          </datalist>
          <div className="sm:col-span-2">
            {text("features", "Features (comma-separated)", { placeholder: "Indoor, Outdoor Seating, Live Music" })}
          </div>
          {text("upcomingEvents", "Upcoming events", { inputMode: "numeric" })}
          {text("activeUsers", "Active users", { inputMode: "numeric" })}
          <fieldset className="grid gap-3 rounded-xl border border-slate-200 p-4 sm:col-span-2">
            <legend className="px-1 text-sm font-semibold">Happy hour</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-5"
                checked={form.hasHappyHour}
                onChange={(e) => set("hasHappyHour", e.target.checked)}
              />
              This venue has a happy hour
            </label>
            {form.hasHappyHour ? (
              <>
                {text("happyHourTimes", "Times", { placeholder: "4:00 PM - 7:00 PM" })}
                <fieldset aria-describedby={errors.days ? `${id}-days-error` : undefined}>
                  <legend className="text-sm font-semibold">Days</legend>
                  <div className="mt-1 flex flex-wrap gap-3">
                    {WEEK_DAYS.map((day) => (
                      <label key={day} className="flex min-h-11 items-center gap-1.5 text-sm">
                        <input
                          type="checkbox"
                          className="size-5"
                          checked={form.days.includes(day)}
                          onChange={(e) =>
                            set(
                              "days",
                              e.target.checked
                                ? WEEK_DAYS.filter((d) => d === day || form.days.includes(d))
                                : form.days.filter((d) => d !== day),
                            )
                          }
                        />
                        {day}
                      </label>
                    ))}
                  </div>
                  {error("days")}
                </fieldset>
                <Field label="Deals (one per line)" htmlFor={`${id}-deals`} error={error("deals")}>
                  <textarea
                    {...field("deals")}
                    rows={3}
                    className={inputClass}
                    value={form.deals}
                    onChange={(e) => set("deals", e.target.value)}
                  />
                </Field>
              </>
            ) : null}
          </fieldset>
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" className="size-5" checked={form.hidden} onChange={(e) => set("hidden", e.target.checked)} />
            Hidden from the public map
          </label>
        </div>
        <div className="flex justify-end gap-2 border-t border-slate-200 px-6 py-4">
          <Dialog.Close type="button" className="btn btn-secondary">
            Cancel
          </Dialog.Close>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? "Saving..." : venue ? "Save Venue" : "Add Venue"}
          </button>
        </div>
      </form>
    </>
  );
}
