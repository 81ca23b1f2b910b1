/** The sign-in's second step, carrying where to go once it is done. */
const SECOND_STEP_PATH = "/admin/sign-in/second-step";

export function secondStepAddress(redirectTo: string): string {
  return redirectTo === "/admin" ? SECOND_STEP_PATH : `${SECOND_STEP_PATH}?redirectTo=${encodeURIComponent(redirectTo)}`;
}
