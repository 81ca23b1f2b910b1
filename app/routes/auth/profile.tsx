import { staffPageMeta } from "~/site/seo";
import type { Route } from "./+types/profile";
import { ADMIN_FRAME_HANDLE } from "~/admin/components/admin-frame";
import { AdminPageHeader } from "~/auth/components/admin-page-header";
import { PasswordForm, ProfileForm, SessionList } from "~/auth/components/profile-forms";
import type { PageHandle } from "~/core/http/page-handle";
import { ShieldCheck } from "lucide-react";
import { Link } from "react-router";

// Every staff member's own page: who they are, their password, their sessions.
export const handle = { ...ADMIN_FRAME_HANDLE, private: true } satisfies PageHandle;

export const meta: Route.MetaFunction = () => staffPageMeta("/admin/profile");

export async function loader({ request }: Route.LoaderArgs) {
  const { profilePageData } = await import("~/auth/staff-page.server");
  return profilePageData(request);
}

export async function action({ request }: Route.ActionArgs) {
  const { profilePageAction } = await import("~/auth/staff-page.server");
  return profilePageAction(request);
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="container-page grid gap-6 py-6 sm:py-10">
      <AdminPageHeader title="Your profile" intro="Your name on the blog, your password and where you are signed in." />
      <div className="grid gap-6 lg:grid-cols-2">
        <ProfileForm profile={loaderData.profile} result={actionData} />
        <div className="grid content-start gap-6">
          <PasswordForm result={actionData} />
          {/* Passkeys and the authenticator app live on the Security page (also in the admin's bar): named here
              as there, so a member looking for them in their profile finds them. */}
          <section aria-labelledby="profile-security" className="rounded-xl border border-slate-200 bg-white p-5">
            <h2 id="profile-security" className="text-lg font-bold">
              Passkeys and two-factor sign-in
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              Add a passkey to sign in without a password, or set up an authenticator app and recovery codes.
            </p>
            <Link to="/admin/security" className="btn btn-secondary mt-3">
              <ShieldCheck aria-hidden="true" className="size-4" />
              Open Security
            </Link>
          </section>
        </div>
      </div>
      <SessionList sessions={loaderData.sessions} result={actionData} />
    </section>
  );
}
