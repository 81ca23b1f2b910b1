import type { Route } from "./+types/irl-meetups";
import { seo } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "IRL Meetups | Real Events at Real Bars",
    description:
      "Join verified in-person meetups at public bars and venues near you: happy hours, weekend socials, themed nights and traveler meetups.",
    path: "/irl-meetups",
    breadcrumbs: [{ name: "IRL Meetups", path: "/irl-meetups" }],
    });

export default function IrlMeetupsPage() {
  return (
    <section className="container-page py-16">
      <h1 className="text-4xl font-extrabold tracking-tight">IRL Meetups at Real Bars</h1>
    </section>
  );
}
