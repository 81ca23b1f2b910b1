import { staffPageMeta } from "~/site/seo";
import type { Route } from "./+types/accept-invitation";
import { ADMIN_FRAME_HANDLE } from "~/admin/components/admin-frame";
import { LinkPage } from "~/auth/components/link-page";
import { LinkTokenField } from "~/auth/components/link-token-field";
import { TextField } from "~/components/ui/text-field";
import type { PageHandle } from "~/core/http/page-handle";

// Reached from the invitation e-mail (its token in the fragment); the new member chooses name and password.
export const handle = { ...ADMIN_FRAME_HANDLE, private: true } satisfies PageHandle;

export const meta: Route.MetaFunction = () => staffPageMeta("/admin/accept-invitation");

export async function action({ request, context }: Route.ActionArgs) {
  const { newMemberAction } = await import("~/auth/link-actions.server");
  return newMemberAction(request, context.clientIp, "invitation");
}

export default function AcceptInvitationPage({ actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  return (
    <LinkPage
      title="Join the Clink team"
      intro="Choose the name shown on your posts and a password."
      message={errors.token ? null : actionData?.message}
      submitLabel="Create account"
    >
      <LinkTokenField error={errors.token} />
      <TextField id="member-name" label="Name" name="name" autoComplete="name" required error={errors.name} />
      <TextField
        id="new-password"
        label="Password"
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
