// The operator's command, from the server's shell: `npm run admin -- reset-password EMAIL` or
// `npm run admin -- create-owner EMAIL`. It runs the built server's own code (app/auth/operator.server.ts)
// against the same database the server uses (DATA_DIR or DATABASE_URL) and prints a one-time link.
const { runAdminCommand } = await import("../build/server/index.js");
process.exitCode = await runAdminCommand(process.argv.slice(2));
