import { isRouteErrorResponse, useRevalidator, useRouteError } from "react-router";

/**
 * A section whose loader failed (the database away): its message ("Failed to load contact submissions.")
 * inside the admin's shell, with Try again. A refusal (403) or a move is the page's answer, not a failure: it goes to the page's own boundary.
 */
export function SectionError({ message }: { message: string }) {
  const error = useRouteError();
  const { revalidate, state } = useRevalidator();
  if (isRouteErrorResponse(error)) throw error;
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
      <p>{message}</p>
      <button type="button" className="btn btn-secondary mt-3" disabled={state === "loading"} onClick={() => void revalidate()}>
        Try again
      </button>
    </div>
  );
}
