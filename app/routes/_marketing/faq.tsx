import type { Route } from "./+types/faq";
import { seo } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Frequently Asked Questions",
    description:
      "Answers to common questions about the Clink social drinking app: safety, age rules, events, vouchers, bill splitting and your data.",
    path: "/faq",
    breadcrumbs: [{ name: "FAQ", path: "/faq" }],
    });

export default function FaqPage() {
  return (
    <section className="container-page py-16">
      <h1 className="text-4xl font-extrabold tracking-tight">Frequently Asked Questions</h1>
    </section>
  );
}
