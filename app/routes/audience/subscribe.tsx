import type { Route } from "./+types/subscribe";
import { countAcceptedForm } from "~/analytics/collect.server";
import { BlogSubscribeForm } from "~/audience/components/blog-subscribe-form";
import { blogForm } from "~/audience/forms";
import { signUpForBlog } from "~/audience/subscriptions.server";
import { formPage } from "~/core/http/page-handle";
import { handleFormPost } from "~/forms/public-form.server";
import { pageSeo } from "~/site/seo";

export const handle = formPage;

export const meta: Route.MetaFunction = ({ matches }) => pageSeo(matches, "/subscribe");

/** "Get new posts by e-mail" posted without JavaScript (from /blog, a post, or this page). */
export async function action({ request, context }: Route.ActionArgs) {
  return handleFormPost(request, blogForm, async (input) =>
    countAcceptedForm(await signUpForBlog(input, context.clientIp), "signup", input.page ?? "/blog", request, context.clientIp),
  );
}

export default function SubscribePage({ actionData }: Route.ComponentProps) {
  return (
    <section className="container-page max-w-2xl py-14 sm:py-20">
      <p className="eyebrow">The Clink blog</p>
      <h1 className="mt-3 text-4xl font-extrabold tracking-tight">New posts by e-mail</h1>
      <p className="lead mt-6">
        One e-mail for each new post on the blog, nothing else. Confirm by the link we send you; leave with one click.
      </p>
      <div className="mt-8">
        <BlogSubscribeForm page="/subscribe" result={actionData} idPrefix="subscribe-page" />
      </div>
      <p className="mt-6">
        <a href="/blog" className="font-semibold text-brand-700 underline">
          Back to the blog
        </a>
      </p>
    </section>
  );
}
