import { hasRole, type StaffMember } from "~/auth/roles";
import { authorChoices } from "~/auth/staff.server";
import type { PostWriter } from "~/blog/components/admin/post-writer";
import { requireStaff, type StaffSession } from "~/auth/session.server";
import { sectionRole, type SectionId } from "~/admin/sections";

/** A section's loader's guard: signed in (else to the login card and back), with the section's least role (else 403). */
export function requireSection(request: Request, id: SectionId): Promise<StaffSession> {
  return requireStaff(request, sectionRole(id));
}

/** Who writes in the editor, and (editors and up) whom a post can be credited to: active staff. */
export async function postWriterOf(staff: StaffMember): Promise<PostWriter> {
  return { id: staff.id, name: staff.name, role: staff.role, authors: hasRole(staff.role, "editor") ? await authorChoices() : [] };
}

/** An admin API route's loader (app/routes/*\/api.admin.*.ts): what a panel's fetch reaches. */
type ApiLoader = (args: never) => Promise<Response>;
type ApiLoaderArgs = { request: Request; params: Record<string, string>; context: unknown };
/** One answer a section's loader asks for: the address a panel fetches and the API loader that answers it. */
export type PreloadCall = { url: string; loader: ApiLoader; params?: Record<string, string> };

/**
 * A section's first HTML holds its lists (decision 0050): its loader asks the same API loaders its panels fetch,
 * in process, with the visitor's own request (cookies, so the same role checks), and hands the answers to
 * PreloadedAnswersProvider by address. An answer that is not 200 is left out: the panel asks again and shows
 * the failure as it always has.
 */
export async function preloadAnswers(
  args: { request: Request; context: unknown },
  calls: PreloadCall[],
): Promise<Record<string, unknown>> {
  const answers = await Promise.all(
    calls.map(async ({ url, loader, params = {} }) => {
      const request = new Request(new URL(url, args.request.url), { headers: args.request.headers });
      const response = await (loader as unknown as (args: ApiLoaderArgs) => Promise<Response>)({ request, params, context: args.context });
      return response.status === 200 ? ([url, await response.json()] as const) : null;
    }),
  );
  return Object.fromEntries(answers.filter((answer) => answer !== null));
}
