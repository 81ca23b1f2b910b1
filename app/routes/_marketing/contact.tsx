import type { Route } from "./+types/contact";
import { seo } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Contact Our Support Team",
    description:
      "Questions about the Clink app, your account or a venue partnership? Email our Sydney-based support team and we will get back to you.",
    path: "/contact",
    breadcrumbs: [{ name: "Contact", path: "/contact" }],
    });

export default function ContactPage() {
  return (
    <section className="container-page py-16">
      <h1 className="text-4xl font-extrabold tracking-tight">Contact Our Support Team</h1>
    </section>
  );
}
