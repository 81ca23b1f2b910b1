import { useEffect, useRef } from "react";
import { TextField } from "~/components/ui/text-field";
import { useFetcher } from "react-router";
import { useToast } from "~/components/ui/toast";

type Result = { intent: string; ok: boolean; sessionExpired: boolean; errors: Record<string, string>; message: string | null };

/** Posts to the /admin action (intent change-password); works without JavaScript too. */
export function ChangePasswordForm() {
  const fetcher = useFetcher<Result>();
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const result = fetcher.data;
  const errors = result?.errors ?? {};
  useEffect(() => {
    if (fetcher.state !== "idle" || !result) return;
    if (result.ok) {
      toast({ title: "Password changed", description: "Other sessions of this account were signed out." });
      formRef.current?.reset();
    }
  }, [fetcher.state, result, toast]);
  return (
    <section aria-labelledby="change-password" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="change-password" className="text-lg font-bold">
        Change password
      </h2>
      <fetcher.Form ref={formRef} method="post" action="/admin" className="mt-3 grid gap-3" noValidate>
        <input type="hidden" name="intent" value="change-password" />
        <TextField
          id="current-password"
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword}
        />
        <TextField
          id="new-password"
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={12}
          error={errors.newPassword}
        />
        {result?.sessionExpired ? (
          <p role="alert" className="text-sm font-medium text-red-800">
            {result.message}{" "}
            <a href="/admin" className="underline">
              Sign in again
            </a>
          </p>
        ) : null}
        {result?.ok ? (
          <p role="status" className="text-sm font-medium text-emerald-800">
            Password changed
          </p>
        ) : null}
        <button type="submit" className="btn btn-secondary" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Saving..." : "Change password"}
        </button>
      </fetcher.Form>
    </section>
  );
}
