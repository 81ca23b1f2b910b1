import type { Route } from "./+types/social-drinking-app";
import { seo } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "The Social Drinking App for Real Connections",
    description:
      "Clink is the social drinking app for adults 21+: find companions, discover local bars, join events and split the bill in one place.",
    path: "/social-drinking-app",
    breadcrumbs: [{ name: "Social Drinking App", path: "/social-drinking-app" }],
    });

export default function SocialDrinkingAppPage() {
  return (
    <section className="container-page py-16">
      <h1 className="text-4xl font-extrabold tracking-tight">The Social Drinking App</h1>
    </section>
  );
}
