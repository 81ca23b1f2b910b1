/**
 * GET /get/qr.svg[?c=campaign&city=…] -> 200 image/svg+xml: the QR code of the /get address with the same
 * query, made on the server; the image beside the store buttons (app/install/components/store-buttons.tsx).
 * The same for everyone: a browser or CDN may keep it a day. A bad query -> 400.
 */
import type { Route } from "./+types/get.qr-svg";
import { parseQuery, withApi } from "~/core/http/api.server";
import { getEnv } from "~/core/instance/env.server";
import { getQuerySchema } from "~/install/get-query";
import { qrSvg } from "~/install/store-config.server";
import { getAddress } from "~/install/store-links";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  const query = parseQuery(request, getQuerySchema);
  const svg = await qrSvg(getAddress(getEnv().SITE_URL, query.c, query.city));
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    },
  });
});
