import * as Dialog from "@radix-ui/react-dialog";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useLocation, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { useToast } from "~/components/ui/toast";
import { CenteredDialog } from "~/components/ui/centered-dialog";
import { FormError } from "~/components/ui/form-error";
import { listValues } from "./list-params";

/** A JSON call answered 401: the session ended (idle limit, logout elsewhere, password change). */
export class SessionExpiredError extends Error {
  constructor() {
    super("Your session has expired. Please sign in again.");
  }
}

/**
 * A non-OK answer of the admin API. Its message is the spec's fetch helper's, "status: message" (for the toasts);
 * code reads the parts: `status` (a number), `detail` (the server's message, else the body, else the status
 * text), `body` (the JSON answer, e.g. a 409's `current`) and `fieldErrors` (a 400's `errors`).
 */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly body: unknown,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(`${status}: ${detail}`);
  }
}

async function errorFrom(response: Response): Promise<AdminApiError> {
  const text = await response.text().catch(() => "");
  let body: { message?: string; errors?: Record<string, string> } | null = null;
  try {
    body = JSON.parse(text) as { message?: string; errors?: Record<string, string> };
  } catch {
    // not JSON: the text is the message
  }
  return new AdminApiError(response.status, body?.message || text || response.statusText, body, body?.errors);
}

export type AdminFetch = <T>(url: string, init?: RequestInit & { json?: unknown }) => Promise<T>;

/**
 * The one JSON call: `json` sent as JSON, the answer's JSON (or text) back, an AdminApiError for any other
 * answer. Called bare only where there is no session to lose (the sign-in steps); inside the admin it is
 * `adminFetch`, which adds the sign-in-again dialog.
 */
export const fetchJson: AdminFetch = async (url, init = {}) => {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set("accept", "application/json");
  if (json !== undefined) headers.set("content-type", "application/json");
  const response = await fetch(url, {
    credentials: "same-origin",
    ...rest,
    headers,
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  if (!response.ok) throw await errorFrom(response);
  const type = response.headers.get("content-type") ?? "";
  return (type.includes("json") ? await response.json() : await response.text()) as never;
};

/** What to show of a failed call next to a form: the server's own message ("That code is not right"). */
export function problemText(error: unknown): string {
  return error instanceof AdminApiError ? error.detail : (error as Error).message;
}

type SessionState = { adminFetch: AdminFetch; expired: boolean; showSignIn: () => void };
const SessionContext = createContext<SessionState | null>(null);

const SESSION_EXPIRED_TEXT = "Your session has expired. Please sign in again to continue; anything you typed is kept.";

/**
 * Gives the dashboard one way to call the admin API. A 401 marks the session expired and opens a
 * sign-in dialog on top of whatever is open, so an unsaved post survives: sign in, then save again.
 */
export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const [expired, setExpired] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const revalidator = useRevalidator();
  const adminFetch = useCallback<AdminFetch>(async (url, init) => {
    try {
      return await fetchJson(url, init);
    } catch (error) {
      if (!(error instanceof AdminApiError && error.status === 401)) throw error;
      setExpired(true);
      setDialogOpen(true);
      throw new SessionExpiredError();
    }
  }, []);
  const value = useMemo(() => ({ adminFetch, expired, showSignIn: () => setDialogOpen(true) }), [adminFetch, expired]);
  return (
    <SessionContext.Provider value={value}>
      {expired ? (
        <div
          role="alert"
          className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
        >
          <p className="text-sm font-medium">{SESSION_EXPIRED_TEXT}</p>
          <button type="button" className="btn btn-secondary" onClick={() => setDialogOpen(true)}>
            Sign in again
          </button>
        </div>
      ) : null}
      {children}
      <SignInAgainDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        onSignedIn={() => {
          setExpired(false);
          setDialogOpen(false);
          revalidator.revalidate();
        }}
      />
    </SessionContext.Provider>
  );
}

/** The JSON call for a part used both inside the admin (`adminFetch`) and on a sign-in step (`fetchJson`). */
export function useJsonCall(): AdminFetch {
  return useContext(SessionContext)?.adminFetch ?? fetchJson;
}

export function useAdminSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useAdminSession needs <AdminSessionProvider>");
  return value;
}

function SignInAgainDialog({
  open,
  onOpenChange,
  onSignedIn,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSignedIn: () => void;
}) {
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const response = await fetch("/api/admin/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: form.get("email"), password: form.get("password") }),
      });
      const body = (await response.json().catch(() => ({}))) as { message?: string };
      if (!response.ok) {
        setError(`Login failed: ${body.message ?? response.statusText}`);
        return;
      }
      toast({ title: "Admin login successful" });
      onSignedIn();
    } catch {
      setError("Login failed: the server could not be reached. Please try again.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <CenteredDialog
      open={open}
      onOpenChange={onOpenChange}
      layer="session"
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        emailRef.current?.focus();
      }}
    >
      <Dialog.Title className="text-xl font-bold">Session expired</Dialog.Title>
      <Dialog.Description className="mt-1 text-sm text-slate-700">{SESSION_EXPIRED_TEXT}</Dialog.Description>
      <form onSubmit={submit} className="mt-4 grid gap-3">
        <label className="grid gap-1 text-sm font-semibold">
          Email
          <input
            ref={emailRef}
            name="email"
            type="email"
            autoComplete="username"
            required
            className="min-h-11 rounded-lg border border-slate-300 px-3 font-normal"
          />
        </label>
        <label className="grid gap-1 text-sm font-semibold">
          Password
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className="min-h-11 rounded-lg border border-slate-300 px-3 font-normal"
          />
        </label>
        <FormError message={error} />
        <div className="flex flex-wrap justify-end gap-2">
          <Dialog.Close className="btn btn-secondary">Not now</Dialog.Close>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? "Signing in..." : "Sign In"}
          </button>
        </div>
      </form>
    </CenteredDialog>
  );
}

/**
 * What a section opens on demand (a webhook's deliveries, a broadcast's report) or works out from what is
 * typed (a broadcast's recipients), never a section's own lists (its loader gives those, decision 0095):
 * loaded through `adminFetch` when `url` is first asked and again whenever it changes; `data` keeps the last
 * answer while the next loads, `failed` after an error, `load` to retry.
 */
export function useAdminDetail<T>(url: string) {
  const { adminFetch } = useAdminSession();
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(true);
  const latest = useRef(url);
  const load = useCallback(async () => {
    latest.current = url;
    setFailed(false);
    setLoading(true);
    try {
      const answer = await adminFetch<T>(url);
      // An older request answering late must not replace a newer one's list.
      if (latest.current === url) setData(answer);
    } catch {
      if (latest.current === url) setFailed(true);
    } finally {
      if (latest.current === url) setLoading(false);
    }
  }, [adminFetch, url]);
  useEffect(() => {
    void load();
  }, [load, url]);
  return { data, failed, loading, load };
}

/**
 * An admin list's page, search, sort and filter, kept in the address (so a reload or a shared link shows
 * the same list), each under its own prefix so two lists on one page do not collide (app/admin/list-params.ts).
 */
export function useListParams<K extends string>(names: Record<K, string>, defaults: Record<K, string>) {
  const [params, setParams] = useSearchParams();
  const values = listValues(params, names, defaults);
  // A change made while an earlier one still loads (a tab pressed, then a search typed before its list came)
  // builds on the address that is on its way, not the one still shown: React Router's setSearchParams hands
  // the shown one, so the search would bring the earlier filter back. Read when called, not when rendered.
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const onTheWay = useRef<string | null>(null);
  onTheWay.current = navigation.state !== "idle" && navigation.location.pathname === pathname ? navigation.location.search : null;
  const update = useCallback(
    (change: Partial<Record<K, string>>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(onTheWay.current ?? current);
          for (const [key, value] of Object.entries(change) as [K, string][]) {
            if (!value || value === defaults[key]) next.delete(names[key]);
            else next.set(names[key], value);
          }
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    // names and defaults are constants of the caller
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setParams],
  );
  return [values, update] as const;
}
