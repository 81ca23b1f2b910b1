import type { Route } from "./+types/delete-my-data";
import { seo } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Delete My Information | Data Deletion Request",
    description:
      "Ask Clink to permanently delete your account and personal data. Verify your request by email and we remove everything we hold.",
    path: "/delete-my-data",
    breadcrumbs: [{ name: "Delete My Information", path: "/delete-my-data" }],
    });

export default function DeleteMyDataPage() {
  return (
    <section className="container-page py-16">
      <h1 className="text-4xl font-extrabold tracking-tight">Delete My Information</h1>
    </section>
  );
}
