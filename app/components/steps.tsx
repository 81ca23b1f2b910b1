/** Numbered steps; an ordered list so the order is announced. */
export function Steps({ steps }: { steps: readonly { title: string; body: string }[] }) {
  return (
    <ol className="mt-12 grid gap-6 md:grid-cols-3">
      {steps.map((step, index) => (
        <li key={step.title} className="relative rounded-2xl bg-brand-50 p-6">
          <span
            className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 text-lg font-extrabold text-white"
            aria-hidden="true"
          >
            {index + 1}
          </span>
          <h3 className="mt-4 text-lg font-bold text-slate-900">
            <span className="sr-only">Step {index + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-2 leading-7 text-slate-700">{step.body}</p>
        </li>
      ))}
    </ol>
  );
}
