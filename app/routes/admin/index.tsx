import { data, Form, redirect, useNavigation } from "react-router";
import { TextField } from "~/components/ui/text-field";
import type { Route } from "./+types/index";
import { addressOfOldTab, sectionHeading, sectionMeta } from "~/admin-sections";
import { Overview } from "~/admin-overview";
import { overviewOf } from "~/admin-overview.server";
import { SectionHeading } from "~/admin/components/admin-shell";
import { attemptSignIn } from "~/auth/sign-in.server";
import { flashCookie } from "~/auth/flash.server";
import { asPageError, readForm } from "~/core/http/api.server";
import { fieldErrors } from "~/core/text/field-errors";
import { safeReturnAddress } from "~/auth/return-address";
import { secondStepAddress } from "~/auth/two-factor/addresses";
import { PasskeySignInButton } from "~/auth/components/passkey-sign-in-button";
import { recordAudit } from "~/core/database/audit.server";
import { getStaffSession, signOut, staffSessionOrSetup } from "~/auth/session.server";
import { loginSchema } from "~/auth/schema";
import { BackToHome } from "~/components/marketing";
import { FormError } from "~/components/ui/form-error";

// Signed in, the overview is named as in the navigation; signed out, the spec's login card.
export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData?.overview
    ? sectionMeta("overview")
    : [
        { title: "Admin Login" },
        { name: "description", content: "Sign in to manage Clink's contact submissions and blog posts." },
        { name: "robots", content: "noindex, nofollow" },
      ];

/**
 * /admin: signed in, the overview of the day (app/admin-overview.server.ts); signed out, the spec's login card.
 * An old dashboard address (`/admin?tab=…`) is sent to its section for good (decision 0050).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const moved = addressOfOldTab(new URL(request.url));
  if (moved) throw redirect(moved, 301);
  const session = await staffSessionOrSetup(request);
  return { overview: session ? await overviewOf(session.staff) : null };
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
    return redirectWith("/admin", setCookie, flashCookie(request, "signed-out"));
  }
  const parsed = loginSchema.safeParse({ email: form.get("email"), password: form.get("password") });
  if (!parsed.success) return data({ intent: "login", errors: fieldErrors(parsed.error), message: null }, { status: 400 });
  const attempt = await attemptSignIn(request, context.clientIp, parsed.data.email, parsed.data.password);
  if (!attempt.ok) {
    return data({ intent: "login", errors: {}, message: `Login failed: ${attempt.message}` }, { status: attempt.status });
  }
  const redirectTo = safeReturnAddress(new URL(request.url).searchParams.get("redirectTo") ?? form.get("redirectTo"));
  if (attempt.secondFactor) return redirectWith(secondStepAddress(redirectTo), ...attempt.setCookies);
  return redirectWith(redirectTo, ...attempt.setCookies, flashCookie(request, "signed-in"));
}

export default function AdminPage({ loaderData, actionData }: Route.ComponentProps) {
  return loaderData.overview ? (
    <>
      <SectionHeading title={sectionHeading("overview")} intro="Today at a glance: each figure opens its section." />
      <Overview data={loaderData.overview} />
    </>
  ) : (
    <SignInCard actionData={actionData && actionData.intent === "login" ? actionData : undefined} />
  );
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
          <TextField id="admin-email" label="Email" name="email" type="email" autoComplete="username" required error={errors.email} />
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
