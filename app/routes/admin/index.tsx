import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/index";
import { attemptSignIn } from "~/utils/admin-sign-in.server";
import { recordAudit } from "~/utils/audit.server";
import { getAdminSession, signOut } from "~/utils/auth.server";
import { loginSchema } from "~/utils/auth-schema";
import { fieldErrors } from "~/utils/api.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.admin ? "Admin Dashboard" : "Admin Login" },
  { name: "description", content: "Sign in to manage Clink's contact submissions and blog posts." },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const session = await getAdminSession(request);
  return { admin: session ? { email: session.admin.email } : null };
}

/** Only same-site paths are allowed as a return address after sign-in. */
function safeRedirect(target: FormDataEntryValue | string | null): string {
  const value = typeof target === "string" ? target : "";
  return value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\") ? value : "/admin";
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "logout") {
    const session = await getAdminSession(request);
    const setCookie = await signOut(request);
    if (session) await recordAudit(session.admin, "admin.sign_out", { summary: "Signed out" });
    return redirect("/admin", { headers: { "Set-Cookie": setCookie } });
  }
  const parsed = loginSchema.safeParse({ email: form.get("email"), password: form.get("password") });
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), message: null }, { status: 400 });
  const attempt = await attemptSignIn(request, context.clientIp, parsed.data.email, parsed.data.password);
  if (!attempt.ok) {
    return data({ errors: {}, message: `Login failed: ${attempt.message}` }, { status: attempt.status });
  }
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo") ?? form.get("redirectTo"));
  return redirect(redirectTo, { headers: { "Set-Cookie": attempt.setCookie } });
}

export default function AdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  if (loaderData.admin) {
    return (
      <section className="container-page py-12">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h1 className="text-3xl font-extrabold tracking-tight">Admin Dashboard</h1>
          <Form method="post">
            <input type="hidden" name="intent" value="logout" />
            <button type="submit" className="btn btn-secondary">
              Logout
            </button>
          </Form>
        </div>
        <p className="mt-2 text-slate-600">Signed in as {loaderData.admin.email}</p>
      </section>
    );
  }
  const errors = (actionData?.errors ?? {}) as Record<string, string>;
  return (
    <section className="container-page flex justify-center py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-extrabold tracking-tight">Admin Login</h1>
        <p className="mt-1 text-sm text-slate-600">Sign in to manage submissions and the blog.</p>
        <Form method="post" className="mt-6 grid gap-4" noValidate>
          <input type="hidden" name="intent" value="login" />
          <div className="grid gap-1.5">
            <label htmlFor="admin-email" className="text-sm font-semibold">
              Email
            </label>
            <input
              id="admin-email"
              name="email"
              type="email"
              autoComplete="username"
              required
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? "admin-email-error" : undefined}
              className="min-h-11 rounded-lg border border-slate-300 px-3"
            />
            {errors.email ? (
              <p id="admin-email-error" className="text-sm text-red-700">
                {errors.email}
              </p>
            ) : null}
          </div>
          <div className="grid gap-1.5">
            <label htmlFor="admin-password" className="text-sm font-semibold">
              Password
            </label>
            <input
              id="admin-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? "admin-password-error" : undefined}
              className="min-h-11 rounded-lg border border-slate-300 px-3"
            />
            {errors.password ? (
              <p id="admin-password-error" className="text-sm text-red-700">
                {errors.password}
              </p>
            ) : null}
          </div>
          {actionData?.message ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              {actionData.message}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? "Signing in..." : "Sign In"}
          </button>
          <Link to="/" className="btn btn-secondary">
            Back to Home
          </Link>
        </Form>
      </div>
    </section>
  );
}
