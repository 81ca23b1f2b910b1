import { staffPageMeta } from "~/site/seo";
import type { Route } from "./+types/forgot-password";
import { ADMIN_FRAME_HANDLE } from "~/admin/components/admin-frame";
import { LinkPage } from "~/auth/components/link-page";
import { TextField } from "~/components/ui/text-field";
import type { PageHandle } from "~/core/http/page-handle";

export const handle = { ...ADMIN_FRAME_HANDLE, private: true } satisfies PageHandle;

export const meta: Route.MetaFunction = () => staffPageMeta("/admin/forgot-password");

export async function action({ request, context }: Route.ActionArgs) {
  const { forgotPasswordAction } = await import("~/auth/link-actions.server");
  return forgotPasswordAction(request, context.clientIp);
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  return (
    <LinkPage
      title="Forgot your password?"
      intro="Enter your staff e-mail address and we will send you a link to choose a new password."
      message={actionData?.ok ? null : actionData?.message}
      submitLabel="Send link"
      done={
        actionData?.ok ? (
          <p role="status" className="mt-4 text-slate-800">
            {actionData.message}
          </p>
        ) : undefined
      }
    >
      <TextField
        id="reset-email"
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        required
        error={actionData?.errors.email}
      />
    </LinkPage>
  );
}
