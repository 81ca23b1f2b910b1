import type { Route } from "./+types/venue-map";
import { seo } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Venue Map | Bars, Clubs and Happy Hours Near You",
    description:
      "Explore bars, restaurants, clubs, breweries and rooftops near you on the Clink venue map, with happy hour times, ratings and directions.",
    path: "/venue-map",
    breadcrumbs: [{ name: "Venue Map", path: "/venue-map" }],
    });

export default function VenueMapPage() {
  return (
    <section className="container-page py-16">
      <h1 className="text-4xl font-extrabold tracking-tight">Explore Venues Near You</h1>
    </section>
  );
}
