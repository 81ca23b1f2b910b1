import type { Route } from "./+types/privacy-policy";
import { seo } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Privacy Policy",
    description:
      "How Clink collects, uses, shares and protects your personal information, and the choices and rights you have over your data.",
    path: "/privacy-policy",
    breadcrumbs: [{ name: "Privacy Policy", path: "/privacy-policy" }],
    });

export default function PrivacyPolicyPage() {
  return (
    <section className="container-page py-16">
      <h1 className="text-4xl font-extrabold tracking-tight">Privacy Policy</h1>
    </section>
  );
}
