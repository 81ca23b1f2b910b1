import { data, Form, redirect, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { TextField } from "~/components/ui/text-field";
import type { Route } from "./+types/index";
import { shownTab, StaffDashboard, type FirstTabData } from "~/admin-dashboard";
import { audienceQuerySchema, TAB_ROWS } from "~/analytics/report";
import { staffAudienceReport } from "~/analytics/report.server";
import { ToastProvider } from "~/components/ui/toast";
import { attemptSignIn } from "~/auth/sign-in.server";
import { flashCookie, readFlash } from "~/auth/flash.server";
import { asPageError, readForm } from "~/core/api.server";
import { fieldErrors } from "~/core/field-errors";
import { safeReturnAddress } from "~/auth/return-address";
import { secondStepAddress } from "~/auth/two-factor/addresses";
import { PasskeySignInButton } from "~/auth/components/passkey-sign-in-button";
import { recentActivity, recordAudit } from "~/core/audit.server";
import { getStaffSession, signOut, staffSessionOrSetup } from "~/auth/session.server";
import { authorChoices, changePassword } from "~/auth/staff.server";
import { hasRole } from "~/auth/roles";
import { changePasswordSchema, loginSchema } from "~/auth/schema";
import { useFlashToast } from "~/admin/use-flash-toast";
import { outboxHealth } from "~/mail/outbox.server";
import { currentConfigWarnings } from "~/ops/config-warnings.server";
import { jobsOverview } from "~/core/job-admin.server";
import { lastRetentionRun } from "~/privacy/retention.server";
import { heldPublicMail } from "~/forms/public-mail.server";
import { BackToHome } from "~/components/marketing";
import { ADMIN_FRAME_HANDLE } from "~/admin/components/admin-frame";
import type { PageHandle } from "~/core/page-handle";
import { FormError } from "~/components/ui/form-error";

// The admin's own page: its own frame, and never stored by a browser, proxy or our cache.
export const handle = { ...ADMIN_FRAME_HANDLE, private: true } satisfies PageHandle;

// Changing a list's page, search or filter only changes the address: the dashboard's own data
// (recent activity) is not loaded again for it. Form posts and explicit revalidations still reload it.
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}


export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.admin ? "Admin Dashboard" : "Admin Login" },
  { name: "description", content: "Sign in to manage Clink's contact submissions and blog posts." },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  // A session that still owes the second factor the owner requires is sent to set it up.
  const session = await staffSessionOrSetup(request);
  const { flash, clear } = readFlash(request);
  const headers: HeadersInit = clear ? { "Set-Cookie": clear } : {};
  const configWarnings = currentConfigWarnings();
  const none = { first: { audience: null } as FirstTabData, activity: [], mail: null, jobs: null, retention: null, publicMail: null, flash, configWarnings };
  // Signed out, the warnings (they name the site's settings) are not shown.
  if (!session) return data({ admin: null, ...none, configWarnings: [] }, { headers });
  const { staff } = session;
  // Editors and up credit posts to any active member: the editor's author picker lists them.
  const authors = hasRole(staff.role, "editor") ? await authorChoices() : [];
  const admin = { id: staff.id, email: staff.email, name: staff.name, role: staff.role, authors };
  // The Audience tab's figures (its default range) are in the first HTML when it is the tab shown; the other
  // tabs load theirs in the browser, and a tab opened later (the loader does not run again for it) too.
  const range = { ...audienceQuerySchema.parse({}), limit: TAB_ROWS };
  const first: FirstTabData = {
    audience: shownTab(staff.role, new URL(request.url).searchParams.get("tab")) === "audience" ? await staffAudienceReport(staff, range) : null,
  };
  // The site's activity, mail, jobs and retention are the administrators'; other roles see their own sections only.
  if (!hasRole(staff.role, "administrator")) return data({ admin, ...none, first }, { headers });
  const activity = (await recentActivity(8)).map((a) => ({ ...a, createdAt: a.createdAt.toISOString() }));
  const [mail, jobs, retention, publicMail] = await Promise.all([outboxHealth(), jobsOverview(10), lastRetentionRun(), heldPublicMail()]);
  return data({ admin, first, activity, mail, jobs, retention, publicMail, flash, configWarnings }, { headers });
}

function redirectWith(to: string, ...cookies: string[]) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect(to, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request).catch(asPageError);
  const intent = form.get("intent");
  if (intent === "logout") {
    const session = await getStaffSession(request);
    const setCookie = await signOut(request);
    if (session) await recordAudit(session.staff, "admin.sign_out", { summary: "Signed out" });
    return redirectWith("/admin", setCookie, flashCookie("signed-out"));
  }
  if (intent === "change-password") {
    const session = await getStaffSession(request);
    if (!session) return data({ intent, ok: false, sessionExpired: true, errors: {}, message: "Your session has expired. Please sign in again." }, { status: 401 });
    const parsed = changePasswordSchema.safeParse({ currentPassword: form.get("currentPassword"), newPassword: form.get("newPassword") });
    if (!parsed.success) return data({ intent, ok: false, sessionExpired: false, errors: fieldErrors(parsed.error), message: null }, { status: 400 });
    const changed = await changePassword(session.staff, parsed.data.currentPassword, parsed.data.newPassword, session.sessionHash);
    if (!changed.ok) {
      return data({ intent, ok: false, sessionExpired: false, errors: { [changed.field]: changed.message }, message: null }, { status: 400 });
    }
    return data({ intent, ok: true, sessionExpired: false, errors: {}, message: "Password changed" });
  }
  const parsed = loginSchema.safeParse({ email: form.get("email"), password: form.get("password") });
  if (!parsed.success) return data({ intent: "login", errors: fieldErrors(parsed.error), message: null }, { status: 400 });
  const attempt = await attemptSignIn(request, context.clientIp, parsed.data.email, parsed.data.password);
  if (!attempt.ok) {
    return data({ intent: "login", errors: {}, message: `Login failed: ${attempt.message}` }, { status: attempt.status });
  }
  const redirectTo = safeReturnAddress(new URL(request.url).searchParams.get("redirectTo") ?? form.get("redirectTo"));
  if (attempt.secondFactor) return redirectWith(secondStepAddress(redirectTo), ...attempt.setCookies);
  return redirectWith(redirectTo, ...attempt.setCookies, flashCookie("signed-in"));
}

export default function AdminPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ToastProvider viewportClassName={ADMIN_TOAST_VIEWPORT}>
      <FlashToast flash={loaderData.flash} />
      {loaderData.admin ? (
        <StaffDashboard staff={loaderData.admin} first={loaderData.first} activity={loaderData.activity} mail={loaderData.mail} jobs={loaderData.jobs} retention={loaderData.retention} publicMail={loaderData.publicMail} />
      ) : (
        <SignInCard actionData={actionData && actionData.intent === "login" ? actionData : undefined} />
      )}
    </ToastProvider>
  );
}

// Toasts sit at the bottom left: at the top right the sign-in toast covered the page's heading (375 px) and the
// AI Discoverability and Logout buttons (1280 px) for 5 s; a dialog's Save button is at its bottom right.
const ADMIN_TOAST_VIEWPORT = "fixed bottom-0 left-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none md:max-w-[420px]";

function FlashToast({ flash }: { flash: "signed-in" | "signed-out" | null }) {
  useFlashToast(flash);
  return null;
}

function SignInCard({ actionData }: { actionData?: { errors: Record<string, string>; message: string | null } }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "login";
  const errors = actionData?.errors ?? {};
  return (
    <section className="container-page flex justify-center py-10 sm:py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-extrabold tracking-tight">Admin Login</h1>
        <p className="mt-1 text-sm text-slate-600">Sign in to manage submissions and the blog.</p>
        <Form method="post" className="mt-6 grid gap-4" noValidate>
          <input type="hidden" name="intent" value="login" />
          <TextField
            id="admin-email"
            label="Email"
            name="email"
            type="email"
            autoComplete="username"
            required
            error={errors.email}
          />
          <TextField
            id="admin-password"
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            error={errors.password}
          />
          <FormError message={actionData?.message} />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? "Signing in..." : "Sign In"}
          </button>
          <a href="/admin/forgot-password" className="text-center text-sm font-semibold text-brand-800 underline">
            Forgot your password?
          </a>
          <PasskeySignInButton hint="No password needed: your fingerprint, face or device PIN, with a passkey added on the Security page." />
          <BackToHome />
        </Form>
      </div>
    </section>
  );
}
