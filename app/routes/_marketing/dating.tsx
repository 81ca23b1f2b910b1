import type { Route } from "./+types/dating";
import { seo } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Group Dating and Social Mixers Over Drinks",
    description:
      "Meet someone new at relaxed group dates and cocktail mixers at verified venues. Clink makes dating over drinks social and safe.",
    path: "/dating",
    breadcrumbs: [{ name: "Dating", path: "/dating" }],
    });

export default function DatingPage() {
  return (
    <section className="container-page py-16">
      <h1 className="text-4xl font-extrabold tracking-tight">Dating Over Drinks, Without the Pressure</h1>
    </section>
  );
}
