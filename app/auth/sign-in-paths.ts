/**
 * The requests that sign a member of staff in or out. They stay open when the disk is nearly full (the
 * server refuses other writes with 507): each writes one small session row, the floor keeps room for it,
 * and the owner must be able to sign in to see the System section and act (issue 30).
 */
export const SIGN_IN_PATHS: readonly string[] = [
  "/api/admin/login",
  "/api/admin/logout",
  "/api/admin/two-factor/verify",
  "/api/admin/passkeys/authentication-options",
  "/api/admin/passkeys/sign-in",
  "/admin/sign-in/second-step",
  "/admin/sign-in/second-step.data",
];
