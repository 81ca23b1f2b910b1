// The operations commands (npm run backup | restore | doctor), run from the built server so they use
// exactly the code and settings the site runs with. Logs go to stderr at warn level; results to stdout.
process.env.LOG_LEVEL ??= "warn";
const { runOpsCommand } = await import("../build/server/index.js");
process.exitCode = await runOpsCommand(process.argv.slice(2));
