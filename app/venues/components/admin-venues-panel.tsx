import * as Dialog from "@radix-ui/react-dialog";
import { Eye, EyeOff, Pencil, Plus } from "lucide-react";
import { useState } from "react";
import { useAdminTask } from "~/admin/admin-action";
import { useAdminSession } from "~/admin/admin-api";
import { IconButton } from "~/admin/components/icon-button";
import { CityOptions } from "./city-options";
import { CITY_INFO, VENUE_TYPE_LABELS, type AdminVenue, type City } from "~/venues/schema";
import { VenueForm } from "./venue-form";

/** The Venues section: every venue (hidden ones too) as its loader lists them, add, edit, hide and show. */
export function AdminVenuesPanel({ venues }: { venues: AdminVenue[] }) {
  const { adminFetch } = useAdminSession();
  const [city, setCity] = useState<City | "all">("all");
  const [editing, setEditing] = useState<AdminVenue | "new" | null>(null);
  const { pending, run } = useAdminTask();

  const toggleHidden = (venue: AdminVenue) =>
    void run(() => adminFetch(`/api/admin/venues/${venue.id}`, { method: "PUT", json: { hidden: !venue.hidden } }), {
      done: venue.hidden ? "Venue shown on the map" : "Venue hidden from the map",
      failed: { title: "Failed to update venue" },
      key: venue.id,
    });

  const shown = venues.filter((v) => city === "all" || v.city === city);
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-xl font-bold">Venues of a city</h2>
        <div className="flex flex-wrap items-end gap-3">
          <label className="grid gap-1 text-sm font-semibold">
            Show city
            <select
              value={city}
              onChange={(e) => setCity(e.target.value as City | "all")}
              className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 font-normal"
            >
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
        {shown.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">No venues yet.</p>
        ) : null}
        <ul className="grid gap-3">
          {shown.map((venue) => (
            <li
              key={venue.id}
              aria-label={venue.name}
              className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="text-base font-semibold">{venue.name}</h3>
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${venue.hidden ? "bg-slate-200 text-slate-800" : "bg-emerald-100 text-emerald-900"}`}
                  >
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
                <IconButton
                  label={venue.hidden ? `Show ${venue.name}` : `Hide ${venue.name}`}
                  disabled={pending === venue.id}
                  onClick={() => toggleHidden(venue)}
                >
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
          <Dialog.Content
            aria-describedby={undefined}
            className="fixed inset-x-2 top-4 bottom-4 z-50 mx-auto flex max-w-3xl flex-col overflow-hidden rounded-2xl bg-white shadow-xl sm:inset-x-6"
          >
            {editing !== null ? (
              <VenueForm
                key={editing === "new" ? "new" : editing.id}
                venue={editing === "new" ? null : editing}
                onSaved={() => setEditing(null)}
              />
            ) : null}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
