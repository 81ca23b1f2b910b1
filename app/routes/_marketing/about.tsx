import type { Route } from "./+types/about";
import { seo } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "About Us | Our Mission, Story and Values",
    description:
      "Meet the Sydney team behind Clink, the social drinking app founded in 2022 to help adults 21+ meet new people over a drink, safely.",
    path: "/about",
    breadcrumbs: [{ name: "About", path: "/about" }],
    });

export default function AboutPage() {
  return (
    <section className="container-page py-16">
      <h1 className="text-4xl font-extrabold tracking-tight">About Clink</h1>
    </section>
  );
}
