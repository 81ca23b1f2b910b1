import { json } from "~/core/http/api.server";

/** Unknown /api/* paths answer JSON, not the HTML 404 page. */
const notFound = () => json({ success: false, message: "Not found" }, { status: 404 });
export const loader = notFound;
export const action = notFound;
