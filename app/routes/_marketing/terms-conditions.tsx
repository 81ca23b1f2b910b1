import type { Route } from "./+types/terms-conditions";
import { seo } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Terms and Conditions",
    description:
      "The terms that govern your use of the Clink app and website, including age requirements, conduct rules, payments and liability.",
    path: "/terms-conditions",
    breadcrumbs: [{ name: "Terms and Conditions", path: "/terms-conditions" }],
    });

export default function TermsConditionsPage() {
  return (
    <section className="container-page py-16">
      <h1 className="text-4xl font-extrabold tracking-tight">Terms and Conditions</h1>
    </section>
  );
}
