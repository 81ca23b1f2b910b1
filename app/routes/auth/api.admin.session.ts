import type { Route } from "./+types/api.admin.session";
import { json, withApi, methodNotAllowed } from "~/core/http/api.server";
import { getAdminSession } from "~/auth/session.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  const session = await getAdminSession(request);
  return json(
    session
      ? {
          authenticated: true,
          admin: { email: session.staff.email, name: session.staff.name, role: session.staff.role, id: session.staff.id },
        }
      : { authenticated: false },
  );
});

export const action = methodNotAllowed("GET");
