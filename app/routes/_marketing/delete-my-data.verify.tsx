import { CircleAlert, ShieldCheck } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/delete-my-data.verify";
import { DELETION_LINK_MESSAGES } from "~/forms/deletion-request";
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
    <section className="container-page max-w-2xl py-14 sm:py-20">
      <p className="eyebrow">Delete My Information</p>
      <h1 className="mt-3 text-4xl font-extrabold tracking-tight">Confirm your deletion request</h1>
      {outcome === "confirmed" ? (
        <div role="status" className="mt-8 rounded-2xl border border-emerald-300 bg-emerald-50 p-6 text-emerald-950">
          <ShieldCheck aria-hidden="true" className="h-8 w-8 text-emerald-700" />
          <h2 className="mt-3 text-xl font-bold">Your deletion request is confirmed</h2>
          <p className="mt-2 leading-7">
            Thank you. Our team will now permanently delete your account and all of your data, and we will e-mail you once it is done.
          </p>
          <Link to="/" className="btn btn-primary mt-5">
            Return to Home
          </Link>
        </div>
      ) : outcome ? (
        <div role="alert" className="mt-8 rounded-2xl border border-amber-300 bg-amber-50 p-6 text-amber-950">
          <CircleAlert aria-hidden="true" className="h-8 w-8 text-amber-700" />
          <p className="mt-3 leading-7">{DELETION_LINK_MESSAGES[outcome]}</p>
          <div className="mt-5 flex flex-wrap gap-3">
            <Link to="/delete-my-data" className="btn btn-primary">
              New deletion request
            </Link>
            <Link to="/" className="btn btn-secondary">
              Return to Home
            </Link>
          </div>
        </div>
      ) : (
        <div className="card mt-8">
          <p className="leading-7 text-slate-700">
            Press the button below to confirm that you want your Clink account and all of your data deleted permanently. This cannot be undone.
          </p>
          <Form method="post" className="mt-6">
            <input type="hidden" name="token" value={loaderData.token} />
            <button type="submit" className="btn btn-primary" disabled={navigation.state !== "idle"}>
              {navigation.state !== "idle" ? "Processing..." : "Confirm deletion"}
            </button>
          </Form>
        </div>
      )}
    </section>
  );
}
