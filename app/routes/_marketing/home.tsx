import type { Route } from "./+types/home";
import { seo } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Clink - Never Drink Alone | Find Drinking Partners Near You",
    description:
      "Clink connects adults of legal drinking age with drinking companions, bars, venues and events near you. Never drink alone.",
    path: "/",
    });

export default function HomePage() {
  return (
    <section className="container-page py-16">
      <h1 className="text-4xl font-extrabold tracking-tight">Never drink alone</h1>
    </section>
  );
}
