import { getEnv } from "~/core/instance/env.server";
import { configWarnings, type ConfigWarning } from "./config-warnings";

/** The running configuration's warnings, for admin loaders (signed-in staff only: they name the site's settings). */
export function currentConfigWarnings(): ConfigWarning[] {
  return configWarnings(getEnv());
}
