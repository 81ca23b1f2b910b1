import type { Route } from "./+types/happy-hour";
import { seo } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Happy Hour Finder | Deals and Company Nearby",
    description:
      "Find the best happy hour deals near you and people to share them with: after-work drinks, singles meetups, networking and weekend socials.",
    path: "/happy-hour",
    breadcrumbs: [{ name: "Happy Hour", path: "/happy-hour" }],
    });

export default function HappyHourPage() {
  return (
    <section className="container-page py-16">
      <h1 className="text-4xl font-extrabold tracking-tight">Find Happy Hours Near You</h1>
    </section>
  );
}
