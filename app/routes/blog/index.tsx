import type { Route } from "./+types/index";
import { seo } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Blog | Social Drinking, Bar Culture and Connections",
    description: "Stories and tips on social drinking, bar culture, nightlife and making real connections, from the team behind the Clink app.",
    path: "/blog",
    breadcrumbs: [{ name: "Blog", path: "/blog" }],
  });

export default function BlogIndex() {
  return (
    <section className="container-page py-16">
      <h1 className="text-4xl font-extrabold tracking-tight">Clink Blog</h1>
    </section>
  );
}
