import type { FormEvent } from "react";
import { useAdminTask } from "~/admin/admin-action";
import { useAdminSession, useListParams } from "~/admin/admin-api";
import { ConfirmedButton } from "~/admin/components/confirmed-button";
import { inputClass } from "~/admin/components/field";
import { SCREEN_CLASSES } from "../beacon";
import { stepLabel, type Funnel, type FunnelReport } from "../funnels";
import { FUNNEL_PARAMS, NO_FUNNEL_PARAMS, type FunnelsView } from "../section";
import { FunnelForm } from "./funnel-form";

type Range = { from: string; to: string };
type Filters = Omit<typeof NO_FUNNEL_PARAMS, "funnel">;

const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;

/**
 * Funnels in the Analytics section (editors and up): the saved funnels, the one chosen read for the section's
 * range and filters as a table of bars (visitors, drop-off, conversion from the first step and from the one
 * before), deleted; and the form to define one. The funnel chosen and its filters are the section's address
 * (`?funnel=&source=&campaign=&page=&device=`): choosing one is a navigation, and its loader reads the figures.
 */
export function FunnelsPanel({ view, range }: { view: FunnelsView; range: Range }) {
  const { adminFetch } = useAdminSession();
  const [address, setAddress] = useListParams(FUNNEL_PARAMS, NO_FUNNEL_PARAMS);
  const { funnels, figures, problem } = view;
  const shown = funnels.find((f) => f.id === view.chosen);
  // Deleted, the page's loaders run again: the address's funnel is gone, so the newest left is shown.
  const task = useAdminTask();
  const remove = (funnel: Funnel) =>
    void task.run(() => adminFetch(`/api/admin/analytics/funnels/${funnel.id}`, { method: "DELETE" }), {
      done: "Funnel deleted",
      failed: "Could not delete the funnel",
    });
  const filters: Filters = { source: address.source, campaign: address.campaign, page: address.page, device: address.device };

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
      {funnels.length === 0 ? <p className="text-sm text-slate-700">No funnel yet: define one below.</p> : null}
      {shown ? (
        <>
          <div className="flex flex-wrap items-end gap-2">
            <label className="grid gap-1.5 text-sm font-semibold">
              Funnel
              {/* Left to itself until the loader answers (keyed by the funnel shown), so it shows the choice at once. */}
              <select
                key={shown.id}
                defaultValue={shown.id}
                onChange={(e) => setAddress({ funnel: e.target.value })}
                className={`${inputClass} font-normal`}
              >
                {funnels.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name}
                  </option>
                ))}
              </select>
            </label>
            <ConfirmedButton question={`Delete the funnel ${shown.name}?`} disabled={task.busy} onConfirmed={() => remove(shown)}>
              Delete<span className="sr-only"> the funnel {shown.name}</span>
            </ConfirmedButton>
          </div>
          <FilterForm
            key={JSON.stringify(filters)}
            filters={filters}
            hidden={{ ...range, funnel: String(shown.id) }}
            onChange={setAddress}
          />
          {problem ? (
            <p role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          ) : figures ? (
            <FunnelFigures figures={figures} />
          ) : null}
        </>
      ) : null}
      <details className="rounded-lg border border-slate-200 p-3" open={funnels.length === 0}>
        <summary className="cursor-pointer font-semibold">Define a funnel</summary>
        <div className="pt-3">
          {/* The new funnel's address is a navigation: the loader reads the list and its figures. */}
          <FunnelForm onMade={(id) => setAddress({ funnel: String(id) })} />
        </div>
      </details>
    </section>
  );
}

/**
 * The filters, a GET form of the section's address (the range and funnel ride along as hidden fields); with
 * the script, sent as an address change that leaves out the empty ones.
 */
function FilterForm({
  filters,
  hidden,
  onChange,
}: {
  filters: Filters;
  hidden: Record<string, string>;
  onChange: (filters: Filters) => void;
}) {
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: keyof Filters) => String(form.get(name) ?? "").trim();
    onChange({ source: value("source"), campaign: value("campaign"), page: value("page"), device: value("device") });
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
    <form method="get" onSubmit={apply} className="grid grid-cols-2 items-end gap-2 sm:flex sm:flex-wrap" aria-label="Funnel filters">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
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

function FunnelFigures({ figures }: { figures: FunnelReport }) {
  const top = Math.max(1, figures.steps[0]?.visitors ?? 0);
  const bar = (visitors: number) => (
    <span aria-hidden="true" className="mt-1 block h-2 rounded bg-slate-100">
      <span className="block h-2 rounded bg-sky-700" style={{ width: `${(visitors / top) * 100}%` }} />
    </span>
  );
  const caption = `${figures.name}, ${figures.from} to ${figures.to}`;
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
        aria-label={`Figures of the funnel ${figures.name}`}
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
