import * as Dialog from "@radix-ui/react-dialog";
import { Eye, EyeOff, Pencil, Plus } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { SessionExpiredError, useAdminData, useAdminSession } from "~/admin/admin-api";
import { Field, inputClass, useFieldErrors } from "~/admin/components/field";
import { IconButton } from "~/admin/components/icon-button";
import { AdminDialogHeader } from "~/admin/components/dialog-header";
import { CityOptions } from "./city-options";
import { Spinner } from "~/components/ui/spinner";
import { useToast } from "~/components/ui/toast";
import { VENUE_IMAGES } from "~/venues/images";
import {
  CITY_INFO,
  PRICE_LEVELS,
  VENUE_TYPE_LABELS,
  VENUE_TYPES,
  venueInputSchema,
  WEEK_DAYS,
  type AdminVenue,
  type City,
} from "~/venues/schema";

/** The admin's Venues tab: every venue (hidden ones too), add, edit, hide and show. */
export function AdminVenuesPanel() {
  const { adminFetch } = useAdminSession();
  const toast = useToast();
  const { data: venues, failed, load } = useAdminData<AdminVenue[]>("/api/admin/venues");
  const [city, setCity] = useState<City | "all">("all");
  const [editing, setEditing] = useState<AdminVenue | "new" | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const revalidator = useRevalidator();
  // Reload the list and the page's data (the Recent activity box shows the change).
  const changed = () => {
    void load();
    void revalidator.revalidate();
  };

  async function toggleHidden(venue: AdminVenue) {
    setBusyId(venue.id);
    try {
      await adminFetch(`/api/admin/venues/${venue.id}`, { method: "PUT", json: { hidden: !venue.hidden } });
      toast({ title: venue.hidden ? "Venue shown on the map" : "Venue hidden from the map" });
      changed();
    } catch (error) {
      if (!(error instanceof SessionExpiredError)) toast({ title: "Failed to update venue", description: (error as Error).message, variant: "destructive" });
    } finally {
      setBusyId(null);
    }
  }

  const shown = venues?.filter((v) => city === "all" || v.city === city) ?? null;
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-xl font-bold">Venues</h2>
        <div className="flex flex-wrap items-end gap-3">
          <label className="grid gap-1 text-sm font-semibold">
            Show city
            <select value={city} onChange={(e) => setCity(e.target.value as City | "all")} className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 font-normal">
              <option value="all">All cities</option>
              <CityOptions />
            </select>
          </label>
          <button type="button" className="btn btn-primary" onClick={() => setEditing("new")}>
            <Plus aria-hidden="true" className="size-4" />
            Add Venue
          </button>
        </div>
      </div>
      <div className="mt-4">
        {venues === null && !failed ? <Spinner label="Loading venues..." /> : null}
        {failed ? (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
            <p>Failed to load venues.</p>
            <button type="button" className="btn btn-secondary mt-3" onClick={() => void load()}>
              Try again
            </button>
          </div>
        ) : null}
        {shown && shown.length === 0 ? <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">No venues yet.</p> : null}
        <ul className="grid gap-3">
          {shown?.map((venue) => (
            <li key={venue.id} aria-label={venue.name} className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="text-base font-semibold">{venue.name}</h3>
                  <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${venue.hidden ? "bg-slate-200 text-slate-800" : "bg-emerald-100 text-emerald-900"}`}>
                    {venue.hidden ? "Hidden" : "Public"}
                  </span>
                </div>
                <p className="mt-1 text-sm text-slate-700">
                  {VENUE_TYPE_LABELS[venue.type]} · {CITY_INFO[venue.city].name} · {venue.address}
                </p>
                <p className="mt-1 text-sm text-slate-700">
                  {venue.rating.toFixed(1)} ★ · {venue.priceLevel} · open until {venue.openUntil}
                  {venue.happyHour ? ` · happy hour ${venue.happyHour.times}` : ""}
                </p>
              </div>
              <div className="flex gap-1">
                <IconButton label={venue.hidden ? `Show ${venue.name}` : `Hide ${venue.name}`} disabled={busyId === venue.id} onClick={() => void toggleHidden(venue)}>
                  {venue.hidden ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
                </IconButton>
                <IconButton label={`Edit ${venue.name}`} onClick={() => setEditing(venue)}>
                  <Pencil aria-hidden="true" className="size-5" />
                </IconButton>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <Dialog.Root open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60" />
          <Dialog.Content aria-describedby={undefined} className="fixed inset-x-2 top-4 bottom-4 z-50 mx-auto flex max-w-3xl flex-col overflow-hidden rounded-2xl bg-white shadow-xl sm:inset-x-6">
            {editing !== null ? (
              <VenueForm
                key={editing === "new" ? "new" : editing.id}
                venue={editing === "new" ? null : editing}
                onSaved={() => {
                  setEditing(null);
                  changed();
                }}
              />
            ) : null}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}

type FormState = Record<
  "name" | "city" | "address" | "lat" | "lng" | "type" | "rating" | "priceLevel" | "openUntil" | "phone" | "website" | "image" | "features" | "upcomingEvents" | "activeUsers" | "happyHourTimes" | "deals",
  string
> & { hasHappyHour: boolean; days: string[]; hidden: boolean };

function initialState(venue: AdminVenue | null): FormState {
  return {
    name: venue?.name ?? "",
    city: venue?.city ?? "new-york",
    address: venue?.address ?? "",
    lat: venue ? String(venue.lat) : "",
    lng: venue ? String(venue.lng) : "",
    type: venue?.type ?? "bar",
    rating: venue ? String(venue.rating) : "4.5",
    priceLevel: venue?.priceLevel ?? "$$",
    openUntil: venue?.openUntil ?? "",
    phone: venue?.phone ?? "",
    website: venue?.website ?? "",
    image: venue?.image ?? VENUE_IMAGES.bar[0],
    features: venue?.features.join(", ") ?? "",
    upcomingEvents: String(venue?.upcomingEvents ?? 0),
    activeUsers: String(venue?.activeUsers ?? 0),
    hasHappyHour: Boolean(venue?.happyHour),
    happyHourTimes: venue?.happyHour?.times ?? "",
    days: venue?.happyHour?.days ?? [],
    deals: venue?.happyHour?.deals.join("\n") ?? "",
    hidden: venue?.hidden ?? false,
  };
}

const number = (value: string) => (value.trim() === "" ? Number.NaN : Number(value));
const list = (value: string, separator: RegExp) =>
  value
    .split(separator)
    .map((s) => s.trim())
    .filter(Boolean);

/** The form's values as the API body (numbers as numbers, lists split, happy hour or null). */
function toBody(form: FormState): Record<string, unknown> {
  return {
    name: form.name,
    city: form.city,
    address: form.address,
    lat: number(form.lat),
    lng: number(form.lng),
    type: form.type,
    rating: number(form.rating),
    priceLevel: form.priceLevel,
    openUntil: form.openUntil,
    phone: form.phone,
    website: form.website.trim() || null,
    image: form.image,
    features: list(form.features, /,/),
    upcomingEvents: number(form.upcomingEvents),
    activeUsers: number(form.activeUsers),
    happyHour: form.hasHappyHour ? { days: form.days, times: form.happyHourTimes, deals: list(form.deals, /\n/) } : null,
    hidden: form.hidden,
  };
}

function VenueForm({ venue, onSaved }: { venue: AdminVenue | null; onSaved: () => void }) {
  const { adminFetch } = useAdminSession();
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<FormState>(() => initialState(venue));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
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
    setSaving(true);
    try {
      if (venue) await adminFetch(`/api/admin/venues/${venue.id}`, { method: "PUT", json: body });
      else await adminFetch("/api/admin/venues", { method: "POST", json: body });
      toast({ title: venue ? "Venue updated successfully" : "Venue added successfully" });
      onSaved();
    } catch (error) {
      if (!(error instanceof SessionExpiredError)) {
        const serverErrors = (error as { fieldErrors?: Record<string, string> }).fieldErrors;
        if (serverErrors) setErrors(Object.fromEntries(Object.entries(serverErrors).map(([k, v]) => [issueKey(k.split(".")), v])));
        toast({ title: venue ? "Failed to update venue" : "Failed to add venue", description: (error as Error).message, variant: "destructive" });
      }
    } finally {
      setSaving(false);
    }
  }

  const text = (name: keyof FormState & string, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <Field label={label} htmlFor={`${id}-${name}`} error={error(name)}>
      <input {...field(name)} className={inputClass} value={form[name] as string} onChange={(e) => set(name, e.target.value as never)} {...props} />
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
            <select {...field("priceLevel")} className={inputClass} value={form.priceLevel} onChange={(e) => set("priceLevel", e.target.value)}>
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
          <div className="sm:col-span-2">{text("features", "Features (comma-separated)", { placeholder: "Indoor, Outdoor Seating, Live Music" })}</div>
          {text("upcomingEvents", "Upcoming events", { inputMode: "numeric" })}
          {text("activeUsers", "Active users", { inputMode: "numeric" })}
          <fieldset className="grid gap-3 rounded-xl border border-slate-200 p-4 sm:col-span-2">
            <legend className="px-1 text-sm font-semibold">Happy hour</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-5" checked={form.hasHappyHour} onChange={(e) => set("hasHappyHour", e.target.checked)} />
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
                          onChange={(e) => set("days", e.target.checked ? WEEK_DAYS.filter((d) => d === day || form.days.includes(d)) : form.days.filter((d) => d !== day))}
                        />
                        {day}
                      </label>
                    ))}
                  </div>
                  {error("days")}
                </fieldset>
                <Field label="Deals (one per line)" htmlFor={`${id}-deals`} error={error("deals")}>
                  <textarea {...field("deals")} rows={3} className={inputClass} value={form.deals} onChange={(e) => set("deals", e.target.value)} />
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

/** Maps a schema path to the form field showing its message (happyHour.times -> happyHourTimes). */
function issueKey(path: readonly PropertyKey[]): string {
  if (path[0] === "happyHour") return path[1] === "days" ? "days" : path[1] === "deals" ? "deals" : "happyHourTimes";
  if (path[0] === "features") return "features";
  return String(path[0] ?? "_form");
}
