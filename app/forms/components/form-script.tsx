import progressiveFormScript from "~/forms/progressive-form.client.ts?worker&url";
import { ModuleScript } from "~/components/module-script";

/**
 * The public forms' one small script, from /assets (allowed by script-src 'self'): the pages are
 * `hydrate: false`, so this and the vitals beacon are all the JavaScript they carry.
 */
export function FormScript() {
  return <ModuleScript src={progressiveFormScript} />;
}
