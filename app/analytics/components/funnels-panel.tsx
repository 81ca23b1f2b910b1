import { useState, type FormEvent } from "react";
import { useAdminTask } from "~/admin/admin-action";
import { useAdminDetail, useAdminSession } from "~/admin/admin-api";
import { ConfirmedButton } from "~/admin/components/confirmed-button";
import { inputClass } from "~/admin/components/field";
import { LoadFailed } from "~/admin/components/load-failed";
import { SCREEN_CLASSES } from "../beacon";
import { stepLabel, type Funnel, type FunnelStepFigures } from "../funnels";
import { FunnelForm } from "./funnel-form";

type Range = { from: string; to: string };
type Filters = {
  source: string;
  campaign: string;
  page: string;
  device: string;
};
const NO_FILTERS: Filters = { source: "", campaign: "", page: "", device: "" };
type FunnelAnswer = {
  id: number;
  name: string;
  from: string;
  to: string;
  steps: FunnelStepFigures[];
};

const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;

/**
 * Funnels in the Analytics section (editors and up): the saved funnels, one read for the section's range
 * and filters as a table of bars (visitors, drop-off, conversion from the first step and from the one
 * before), deleted; and the form to define one.
 */
export function FunnelsPanel({ range }: { range: Range }) {
  const { adminFetch } = useAdminSession();
  const list = useAdminDetail<{ funnels: Funnel[] }>("/api/admin/analytics/funnels");
  const funnels = list.data?.funnels ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const shown = funnels.find((f) => f.id === chosen) ?? funnels[0];
  const task = useAdminTask({ onDone: () => void list.load() });

  const remove = async (funnel: Funnel) => {
    const gone = await task.run(
      () =>
        adminFetch(`/api/admin/analytics/funnels/${funnel.id}`, {
          method: "DELETE",
        }),
      { done: "Funnel deleted", failed: "Could not delete the funnel" },
    );
    if (gone) setChosen(null);
  };

  return (
    <section className="card grid gap-4 p-4" aria-labelledby="funnels-heading">
      <div>
        <h3 id="funnels-heading" className="font-bold">
          Funnels
        </h3>
        <p className="text-sm text-slate-700">
          How many visitors did each step after the ones before it, on the same day (a visitor is known for one day only). Conversion is the
          share of the first step&apos;s visitors.
        </p>
      </div>
      {list.failed ? <LoadFailed what="the funnels" onRetry={() => void list.load()} /> : null}
      {list.data && funnels.length === 0 ? <p className="text-sm text-slate-700">No funnel yet: define one below.</p> : null}
      {shown ? (
        <>
          <div className="flex flex-wrap items-end gap-2">
            <label className="grid gap-1.5 text-sm font-semibold">
              Funnel
              <select value={shown.id} onChange={(e) => setChosen(Number(e.target.value))} className={`${inputClass} font-normal`}>
                {funnels.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name}
                  </option>
                ))}
              </select>
            </label>
            <ConfirmedButton question={`Delete the funnel ${shown.name}?`} disabled={task.busy} onConfirmed={() => void remove(shown)}>
              Delete<span className="sr-only"> the funnel {shown.name}</span>
            </ConfirmedButton>
          </div>
          <FilterForm filters={filters} onChange={setFilters} />
          <FunnelFigures funnel={shown} range={range} filters={filters} />
        </>
      ) : null}
      <details className="rounded-lg border border-slate-200 p-3" open={list.data !== null && funnels.length === 0}>
        <summary className="cursor-pointer font-semibold">Define a funnel</summary>
        <div className="pt-3">
          <FunnelForm
            onMade={(id) => {
              setChosen(id);
              void list.load();
            }}
          />
        </div>
      </details>
    </section>
  );
}

function FilterForm({ filters, onChange }: { filters: Filters; onChange: (filters: Filters) => void }) {
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onChange({
      source: String(form.get("source") ?? ""),
      campaign: String(form.get("campaign") ?? ""),
      page: String(form.get("page") ?? ""),
      device: String(form.get("device") ?? ""),
    });
  };
  const text = (name: keyof Filters, label: string, placeholder: string) => (
    <label className="grid min-w-0 gap-1 text-sm">
      {label}
      <input
        name={name}
        defaultValue={filters[name]}
        placeholder={placeholder}
        maxLength={name === "page" ? 300 : 100}
        className={`${inputClass} min-w-0 sm:w-40`}
      />
    </label>
  );
  return (
    <form onSubmit={apply} className="grid grid-cols-2 items-end gap-2 sm:flex sm:flex-wrap" aria-label="Funnel filters">
      {text("source", "Source", "Google")}
      {text("campaign", "Campaign", "launch")}
      {text("page", "Page", "/blog/*")}
      <label className="grid min-w-0 gap-1 text-sm">
        Device
        <select name="device" defaultValue={filters.device} className={`${inputClass} min-w-0 sm:w-32`}>
          <option value="">Any</option>
          {SCREEN_CLASSES.map((d) => (
            <option key={d} value={d}>
              {d[0]!.toUpperCase() + d.slice(1)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn btn-secondary col-span-2 w-fit">
        Filter
      </button>
    </form>
  );
}

function FunnelFigures({ funnel, range, filters }: { funnel: Funnel; range: Range; filters: Filters }) {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  const answer = useAdminDetail<FunnelAnswer>(`/api/admin/analytics/funnels/${funnel.id}?${query}`);
  if (answer.failed) return <LoadFailed what="the funnel's figures" onRetry={() => void answer.load()} />;
  const figures = answer.data?.id === funnel.id ? answer.data : null;
  if (!figures) return <p className="text-sm text-slate-700">Loading the funnel…</p>;
  const top = Math.max(1, figures.steps[0]?.visitors ?? 0);
  const bar = (visitors: number) => (
    <span aria-hidden="true" className="mt-1 block h-2 rounded bg-slate-100">
      <span className="block h-2 rounded bg-sky-700" style={{ width: `${(visitors / top) * 100}%` }} />
    </span>
  );
  const caption = `${funnel.name}, ${figures.from} to ${figures.to}`;
  return (
    <>
      {/* A phone: one card per step (the table's five columns do not fit); hidden, it is not read twice. */}
      <ol className="grid gap-3 text-sm sm:hidden" aria-label={caption}>
        {figures.steps.map((step, i) => (
          <li key={i} className="rounded-lg border border-slate-200 p-3" data-testid="funnel-step">
            <p className="font-semibold [overflow-wrap:anywhere]">
              {i + 1}. {stepLabel(step.step)}
            </p>
            {bar(step.visitors)}
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1">
              {[
                ["Visitors", step.visitors],
                ["Drop-off", i === 0 ? "–" : step.dropOff],
                ["Conversion", percent(step.conversion)],
                ["From previous", i === 0 ? "–" : percent(step.conversionFromPrevious)],
              ].map(([label, value]) => (
                <div key={label} className="flex justify-between gap-2">
                  <dt className="text-slate-700">{label}</dt>
                  <dd className="tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ol>
      <div
        className="hidden overflow-x-auto text-sm sm:block"
        tabIndex={0}
        role="region"
        aria-label={`Figures of the funnel ${funnel.name}`}
      >
        <table className="w-full text-left" data-testid="funnel-figures">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-slate-200">
              {["Step", "Visitors", "Drop-off", "Conversion", "From previous"].map((label, i) => (
                <th key={label} scope="col" className={`py-1 pr-3 font-semibold last:pr-0 ${i > 0 ? "text-right" : ""}`}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {figures.steps.map((step, i) => (
              <tr key={i} className="border-b border-slate-100 align-top last:border-b-0">
                <th scope="row" className="min-w-40 py-2 pr-3 font-normal">
                  <span className="block [overflow-wrap:anywhere]">
                    {i + 1}. {stepLabel(step.step)}
                  </span>
                  {bar(step.visitors)}
                </th>
                <td className="py-2 pr-3 text-right tabular-nums">{step.visitors}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{i === 0 ? "–" : step.dropOff}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{percent(step.conversion)}</td>
                <td className="py-2 text-right tabular-nums">{i === 0 ? "–" : percent(step.conversionFromPrevious)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
