import type { Route } from "./+types/api.admin.session";
import { json, withApi } from "~/utils/api.server";
import { getAdminSession } from "~/utils/auth.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  const session = await getAdminSession(request);
  return json(session ? { authenticated: true, admin: { email: session.admin.email } } : { authenticated: false });
});
