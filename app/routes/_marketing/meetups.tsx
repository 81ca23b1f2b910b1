import type { Route } from "./+types/meetups";
import { seo } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Meetups Near You | Social Drinking Events",
    description:
      "Discover and create social drinking meetups in 150+ cities: networking nights, social mixers, interest groups and singles events.",
    path: "/meetups",
    breadcrumbs: [{ name: "Meetups", path: "/meetups" }],
    });

export default function MeetupsPage() {
  return (
    <section className="container-page py-16">
      <h1 className="text-4xl font-extrabold tracking-tight">Find Meetups Near You</h1>
    </section>
  );
}
