import { ShieldCheck } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/delete-my-data.verify";
import { DELETION_LINK_MESSAGES } from "~/forms/deletion-request";
import { LinkConfirmPage } from "~/components/link-confirm-page";
import { pageSeo } from "~/site/seo";
import { confirmDeletionLink, inspectDeletionLink } from "~/forms/deletion-request.server";

// Not indexable in the registry: the page says noindex and carries no WebPage node of its own.
export const meta: Route.MetaFunction = ({ matches }) => pageSeo(matches, "/delete-my-data/verify", { webPage: false });

const noStore = { "Cache-Control": "no-store" };

/** Opening the link only looks: mail scanners that follow links confirm nothing. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return data({ token, state: await inspectDeletionLink(token) }, { headers: noStore });
}

/** "Confirm deletion" posts here; the token is single-use, so a second press finds it used. */
export async function action({ request }: Route.ActionArgs) {
  let token = "";
  try {
    const form = await request.formData();
    token = String(form.get("token") ?? "");
  } catch {
    // not a form: treated as an unknown link below
  }
  const outcome = await confirmDeletionLink(token);
  return data({ outcome }, { status: outcome === "confirmed" ? 200 : 400, headers: noStore });
}

export default function VerifyDeletionPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const outcome = actionData?.outcome ?? (loaderData.state === "valid" ? null : loaderData.state);
  return (
    <LinkConfirmPage
      eyebrow="Delete My Information"
      title="Confirm your deletion request"
      confirmed={
        outcome === "confirmed"
          ? {
              icon: ShieldCheck,
              heading: "Your deletion request is confirmed",
              body: (
                <p className="mt-2 leading-7">
                  Thank you. Our team will now permanently delete your account and all of your data, and we will e-mail you once it is done.
                </p>
              ),
            }
          : null
      }
      problem={
        outcome && outcome !== "confirmed"
          ? { message: DELETION_LINK_MESSAGES[outcome], retry: { to: "/delete-my-data", label: "New deletion request" } }
          : null
      }
    >
      <p className="leading-7 text-slate-700">
        Press the button below to confirm that you want your Clink account and all of your data deleted permanently. This cannot be undone.
      </p>
      <Form method="post" className="mt-6">
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" className="btn btn-primary" disabled={navigation.state !== "idle"}>
          {navigation.state !== "idle" ? "Processing..." : "Confirm deletion"}
        </button>
      </Form>
    </LinkConfirmPage>
  );
}
