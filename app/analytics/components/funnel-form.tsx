import { ArrowDown, ArrowUp, Plus, X } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useAdminTask } from "~/admin/admin-action";
import { useAdminSession } from "~/admin/admin-api";
import { Field, inputClass, useFieldErrors } from "~/admin/components/field";
import { fieldErrors } from "~/core/text/field-errors";
import { GOALS, type Goal } from "../beacon";
import { funnelInputSchema, GOAL_LABELS, MAX_STEPS, MIN_STEPS, type FunnelStep } from "../funnels";

type Draft = { key: number; kind: "page" | "goal"; page: string; goal: Goal };

let nextKey = 0;
const draft = (kind: Draft["kind"], page = "", goal: Goal = "signup"): Draft => ({ key: nextKey++, kind, page, goal });
const firstDrafts = () => [draft("page", "/blog/*"), draft("goal", "", "signup")];

/**
 * Defines a funnel: a name and 2 to 8 ordered steps, each a page (a path, `*` at the end for every page under
 * it) or a goal, added, removed and moved up or down; checked with the server's own schema, sent through the
 * admin kit's task (a toast, the server's field errors beside the fields). `onMade` gets the new funnel's id
 * (and must show it: the section goes to its address).
 */
export function FunnelForm({ onMade }: { onMade: (id: number) => void }) {
  const { adminFetch } = useAdminSession();
  const [name, setName] = useState("");
  const [steps, setSteps] = useState<Draft[]>(firstDrafts);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fields = useFieldErrors(errors);
  // No revalidation of its own: `onMade` goes to the new funnel's address, a navigation that runs the loaders.
  const task = useAdminTask({ onFieldErrors: setErrors, revalidate: false });

  const change = (key: number, patch: Partial<Draft>) => setSteps((all) => all.map((s) => (s.key === key ? { ...s, ...patch } : s)));
  const move = (i: number, by: -1 | 1) =>
    setSteps((all) => {
      const next = [...all];
      [next[i], next[i + by]] = [next[i + by]!, next[i]!];
      return next;
    });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = {
      name,
      steps: steps.map((s): FunnelStep => (s.kind === "page" ? { page: s.page.trim() } : { goal: s.goal })),
    };
    const parsed = funnelInputSchema.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    const made = await task.run(
      () =>
        adminFetch<{ id: number }>("/api/admin/analytics/funnels", {
          method: "POST",
          json: parsed.data,
        }),
      {
        done: "Funnel saved",
        failed: "Could not save the funnel",
      },
    );
    if (made) {
      setName("");
      setSteps(firstDrafts());
      onMade(made.value.id);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="grid max-w-3xl gap-4" aria-label="New funnel" noValidate>
      <Field label="Funnel name" htmlFor={fields.field("name").id} error={fields.error("name")}>
        <input
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={80}
          placeholder="Blog to sign-up"
          className={inputClass}
          {...fields.field("name")}
        />
      </Field>
      <fieldset className="grid gap-3" aria-describedby={errors.steps ? fields.field("steps")["aria-describedby"] : undefined}>
        <legend className="mb-2 text-sm font-semibold">
          Steps, in order ({MIN_STEPS} to {MAX_STEPS})
        </legend>
        <ol className="grid gap-3">
          {steps.map((step, i) => (
            <li
              key={step.key}
              className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-[3.5rem_10rem_1fr_auto] sm:items-end"
            >
              <span className="text-sm font-bold text-slate-700 sm:pb-3">Step {i + 1}</span>
              <label className="grid gap-1.5 text-sm font-semibold">
                <span>
                  Kind<span className="sr-only"> of step {i + 1}</span>
                </span>
                <select
                  value={step.kind}
                  onChange={(e) => change(step.key, { kind: e.target.value as Draft["kind"] })}
                  className={`${inputClass} font-normal`}
                >
                  <option value="page">Page</option>
                  <option value="goal">Goal</option>
                </select>
              </label>
              {step.kind === "page" ? (
                <label className="grid gap-1.5 text-sm font-semibold">
                  <span>
                    Page<span className="sr-only"> of step {i + 1}</span> (end with * for every page under it)
                  </span>
                  <input
                    value={step.page}
                    onChange={(e) => change(step.key, { page: e.target.value })}
                    maxLength={300}
                    placeholder="/blog/*"
                    className={`${inputClass} font-normal`}
                  />
                </label>
              ) : (
                <label className="grid gap-1.5 text-sm font-semibold">
                  <span>
                    Goal<span className="sr-only"> of step {i + 1}</span>
                  </span>
                  <select
                    value={step.goal}
                    onChange={(e) => change(step.key, { goal: e.target.value as Goal })}
                    className={`${inputClass} font-normal`}
                  >
                    {GOALS.map((goal) => (
                      <option key={goal} value={goal}>
                        {GOAL_LABELS[goal]}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              <div className="flex gap-1">
                <button type="button" className="btn btn-secondary min-h-11 px-3" disabled={i === 0} onClick={() => move(i, -1)}>
                  <ArrowUp aria-hidden="true" className="size-4" />
                  <span className="sr-only">Move step {i + 1} up</span>
                </button>
                <button
                  type="button"
                  className="btn btn-secondary min-h-11 px-3"
                  disabled={i === steps.length - 1}
                  onClick={() => move(i, 1)}
                >
                  <ArrowDown aria-hidden="true" className="size-4" />
                  <span className="sr-only">Move step {i + 1} down</span>
                </button>
                <button
                  type="button"
                  className="btn btn-secondary min-h-11 px-3 text-red-700"
                  disabled={steps.length <= MIN_STEPS}
                  onClick={() => setSteps((all) => all.filter((s) => s.key !== step.key))}
                >
                  <X aria-hidden="true" className="size-4" />
                  <span className="sr-only">Remove step {i + 1}</span>
                </button>
              </div>
            </li>
          ))}
        </ol>
        {fields.error("steps")}
        <button
          type="button"
          className="btn btn-secondary w-fit"
          disabled={steps.length >= MAX_STEPS}
          onClick={() => setSteps((all) => [...all, draft("page")])}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add a step
        </button>
      </fieldset>
      <button type="submit" className="btn btn-primary w-fit" disabled={task.busy}>
        Save funnel
      </button>
    </form>
  );
}
