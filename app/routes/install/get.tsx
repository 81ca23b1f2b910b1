import { data, redirect } from "react-router";
import type { Route } from "./+types/get";
import { countServerGoal } from "~/analytics/collect.server";
import { asPageError, parseQuery } from "~/core/http/api.server";
import { getEnv } from "~/core/instance/env.server";
import type { PageHandle } from "~/core/http/page-handle";
import { GetPage } from "~/install/components/get-page";
import { getQuerySchema } from "~/install/get-query";
import { qrSvg, storeConfig } from "~/install/store-config.server";
import { appStoreLink, getAddress, getAttribution, googlePlayLink, platformOf } from "~/install/store-links";
import { pageSeo } from "~/site/seo";

/**
 * GET /get[?c=campaign&city=…]: the one link for posters, coasters and QR codes. An iPhone or iPad is sent
 * (302) to the App Store link, an Android phone to Google Play's, anything else gets this page: both
 * buttons and a QR code of the same address. Each answer is counted as its platform's goal. The answer
 * depends on the user agent: never shared (no-store, Vary: User-Agent), never in the front cache.
 */
export const handle = { hydrate: false } as const satisfies PageHandle;

const PRIVATE = { "Cache-Control": "no-store", Vary: "User-Agent" };

export async function loader({ request, context }: Route.LoaderArgs) {
  let query;
  try {
    query = parseQuery(request, getQuerySchema);
  } catch (error) {
    asPageError(error);
  }
  const platform = platformOf(request.headers.get("user-agent") ?? "");
  const attribution = getAttribution(query.c, query.city);
  const config = storeConfig();
  if (request.method === "GET")
    await countServerGoal(`get-${platform}`, { path: "/get", campaign: query.c, city: query.city }, request, context.clientIp);
  if (platform === "ios")
    return redirect(appStoreLink(config, attribution), {
      status: 302,
      headers: PRIVATE,
    });
  if (platform === "android")
    return redirect(googlePlayLink(config, attribution), {
      status: 302,
      headers: PRIVATE,
    });
  const address = getAddress(getEnv().SITE_URL, query.c, query.city);
  return data(
    {
      appStore: appStoreLink(config, attribution),
      googlePlay: googlePlayLink(config, attribution),
      address,
      qr: await qrSvg(address),
    },
    { headers: PRIVATE },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ matches }) => pageSeo(matches, "/get");

export default function GetRoute({ loaderData }: Route.ComponentProps) {
  return <GetPage {...loaderData} />;
}
