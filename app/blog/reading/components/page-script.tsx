import blogPageScript from "~/blog/reading/blog-page.client.ts?worker&url";
import { ModuleScript } from "~/components/module-script";

/**
 * The blog pages' one small script (live search, picture fallbacks, copy link), from /assets: the pages
 * are `hydrate: false`, so this is all the JavaScript they carry besides the vitals beacon.
 */
export function BlogPageScript() {
  return <ModuleScript src={blogPageScript} />;
}
