import { staffPageMeta } from "~/site/seo";
import type { Route } from "./+types/setup";
import { ADMIN_FRAME_HANDLE } from "~/admin/components/admin-frame";
import { LinkPage } from "~/auth/components/link-page";
import { LinkTokenField } from "~/auth/components/link-token-field";
import { TextField } from "~/components/ui/text-field";
import type { PageHandle } from "~/core/http/page-handle";

// The first start's one-time link (printed on the server's console) leads here to create the owner.
export const handle = { ...ADMIN_FRAME_HANDLE, private: true } satisfies PageHandle;

export const meta: Route.MetaFunction = () => staffPageMeta("/admin/setup");

export async function action({ request, context }: Route.ActionArgs) {
  const { newMemberAction } = await import("~/auth/link-actions.server");
  return newMemberAction(request, context.clientIp, "owner-setup");
}

export default function SetupPage({ actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  return (
    <LinkPage
      title="Create the owner account"
      intro="The owner can do everything and invites the rest of the team."
      message={errors.token ? null : actionData?.message}
      submitLabel="Create owner"
    >
      <LinkTokenField error={errors.token} />
      <TextField id="owner-email" label="Email" name="email" type="email" autoComplete="username" required error={errors.email} />
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
