import { hasRole, type StaffMember } from "~/auth/roles";
import { authorChoices } from "~/auth/staff.server";
import type { PostWriter } from "~/blog/editor/post-writer";
import { requireStaff, type StaffSession } from "~/auth/session.server";
import { sectionRole, type SectionId } from "~/admin-sections";

/** A section's loader's guard: signed in (else to the login card and back), with the section's least role (else 403). */
export function requireSection(request: Request, id: SectionId): Promise<StaffSession> {
  return requireStaff(request, sectionRole(id));
}

/** Who writes in the editor, and (editors and up) whom a post can be credited to: active staff. */
export async function postWriterOf(staff: StaffMember): Promise<PostWriter> {
  return { id: staff.id, name: staff.name, role: staff.role, authors: hasRole(staff.role, "editor") ? await authorChoices() : [] };
}
