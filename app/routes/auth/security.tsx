import { staffPageMeta } from "~/site/seo";
import type { Route } from "./+types/security";
import { ADMIN_FRAME_HANDLE } from "~/admin/components/admin-frame";
import { requireStaff } from "~/auth/session.server";
import { PasskeySettings } from "~/auth/components/passkey-settings";
import { TwoFactorSettings } from "~/auth/components/two-factor-settings";
import { securityOverview } from "~/auth/two-factor/settings.server";
import type { PageHandle } from "~/core/http/page-handle";

// Any signed-in staff member (their own second factors); the all-staff requirement: owner.
export const handle = { ...ADMIN_FRAME_HANDLE, private: true } satisfies PageHandle;

export const meta: Route.MetaFunction = () => staffPageMeta("/admin/security");

export async function loader({ request }: Route.LoaderArgs) {
  // Every member secures their own account.
  const { staff: admin } = await requireStaff(request, "contributor");
  // Until roles land every admin is the owner; then: session.staff.role === "owner".
  return { overview: await securityOverview(admin), canSetPolicy: admin.role === "owner" };
}

export default function SecurityPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page grid max-w-3xl gap-6 py-8">
      <div>
        <a href="/admin" className="text-sm font-semibold text-brand-700 underline">
          Back to the overview
        </a>
        <h1 className="mt-2 text-2xl font-extrabold tracking-tight">Sign-in security</h1>
        <p className="mt-1 text-sm text-slate-600">A second factor keeps your account safe when your password is not.</p>
      </div>
      <TwoFactorSettings overview={loaderData.overview} canSetPolicy={loaderData.canSetPolicy} />
      <PasskeySettings passkeys={loaderData.overview.passkeys} />
    </div>
  );
}
