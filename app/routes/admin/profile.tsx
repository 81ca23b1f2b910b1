import { staffPageMeta } from "~/site/seo";
import type { Route } from "./+types/profile";
import { ADMIN_FRAME_HANDLE } from "~/admin/components/admin-frame";
import { AdminPageHeader } from "~/auth/components/admin-page-header";
import { PasswordForm, ProfileForm, SessionList } from "~/auth/components/profile-forms";
import type { PageHandle } from "~/core/page-handle";

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
          {/* Two-factor sign-in (TOTP, recovery codes) and passkeys: the twofactor helper's components from
              app/auth/components/ go here, in this column, below the password. */}
        </div>
      </div>
      <SessionList sessions={loaderData.sessions} result={actionData} />
    </section>
  );
}
