import { staffPageMeta } from "~/site/seo";
import type { Route } from "./+types/reset-password";
import { ADMIN_FRAME_HANDLE } from "~/admin/components/admin-frame";
import { LinkPage } from "~/auth/components/link-page";
import { LinkTokenField } from "~/auth/components/link-token-field";
import { TextField } from "~/components/ui/text-field";
import type { PageHandle } from "~/core/http/page-handle";

// Reached from the e-mailed link (its token in the fragment, never in a logged URL); posts the token back.
export const handle = { ...ADMIN_FRAME_HANDLE, private: true } satisfies PageHandle;

export const meta: Route.MetaFunction = () => staffPageMeta("/admin/reset-password");

export async function action({ request, context }: Route.ActionArgs) {
  const { resetPasswordAction } = await import("~/auth/link-actions.server");
  return resetPasswordAction(request, context.clientIp);
}

export default function ResetPasswordPage({ actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  return (
    <LinkPage
      title="Choose a new password"
      intro="Every session of your account ends when the password changes."
      message={errors.token ? null : actionData?.message}
      submitLabel="Set password"
      done={
        actionData?.ok ? (
          <p role="status" className="mt-4 text-slate-800">
            {actionData.message}{" "}
            <a href="/admin" className="font-semibold text-brand-800 underline">
              Sign in
            </a>
          </p>
        ) : undefined
      }
    >
      <LinkTokenField error={errors.token} />
      <TextField
        id="new-password"
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={12}
        error={errors.password}
      />
    </LinkPage>
  );
}
