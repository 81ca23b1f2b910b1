import { staffPageMeta } from "~/site/seo";
import { data, redirect } from "react-router";
import type { Route } from "./+types/second-step";
import { ADMIN_FRAME_HANDLE } from "~/admin/components/admin-frame";
import { flashCookie } from "~/auth/flash.server";
import { safeReturnAddress } from "~/auth/return-address";
import { SecondStepCard } from "~/auth/components/second-step-card";
import { pendingSignInView, verifySecondFactor } from "~/auth/two-factor/sign-in-steps.server";
import { secondFactorSchema } from "~/auth/two-factor/schema";
import { asPageError, readForm } from "~/core/http/api.server";
import { fieldErrors } from "~/core/text/field-errors";
import type { PageHandle } from "~/core/http/page-handle";

// The sign-in's second step (a pending sign-in, app/auth/two-factor): the admin's frame, never stored.
export const handle = { ...ADMIN_FRAME_HANDLE, private: true } satisfies PageHandle;

export const meta: Route.MetaFunction = () => staffPageMeta("/admin/sign-in/second-step");

const returnAddress = (request: Request) => safeReturnAddress(new URL(request.url).searchParams.get("redirectTo"));

export async function loader({ request }: Route.LoaderArgs) {
  const pending = await pendingSignInView(request);
  // No pending sign-in (expired, finished, or never started): the password comes first.
  if (!pending) throw redirect("/admin");
  return { pending, redirectTo: returnAddress(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request).catch(asPageError);
  const parsed = secondFactorSchema.safeParse({ code: form.get("code") ?? undefined, recoveryCode: form.get("recoveryCode") ?? undefined });
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), message: null }, { status: 400 });
  const result = await verifySecondFactor(request, context.clientIp, parsed.data);
  const headers = new Headers();
  for (const cookie of result.setCookies ?? []) headers.append("Set-Cookie", cookie);
  if (result.ok) {
    headers.append("Set-Cookie", flashCookie(request, "signed-in"));
    return redirect(returnAddress(request), { headers });
  }
  if (result.retryAfterSeconds) headers.set("Retry-After", String(result.retryAfterSeconds));
  return data({ errors: {}, message: result.message }, { status: result.status, headers });
}

export default function SecondStepPage({ loaderData, actionData }: Route.ComponentProps) {
  return <SecondStepCard pending={loaderData.pending} redirectTo={loaderData.redirectTo} actionData={actionData} />;
}
