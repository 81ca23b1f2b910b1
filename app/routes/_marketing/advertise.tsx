import type { Route } from "./+types/advertise";
import { seo } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Advertise With Us | Reach Social Drinkers 21-45",
    description:
      "Reach adults 21-45 who are out for a drink tonight. Location-based ads, promoted events and venue deals for bars, clubs and brands.",
    path: "/advertise",
    breadcrumbs: [{ name: "Advertise", path: "/advertise" }],
    });

export default function AdvertisePage() {
  return (
    <section className="container-page py-16">
      <h1 className="text-4xl font-extrabold tracking-tight">Advertise With Us</h1>
    </section>
  );
}
