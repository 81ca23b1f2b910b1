// After `npm test`: searches every log the run's servers and commands printed (kept under
// reports/test-logs/ by tests/support/test-logs.ts) for what must never be logged: anyone's e-mail
// address and tokens (a query parameter or path segment carrying a one-time secret). Prints each finding
// and writes reports/log-scan.json, which the summary counts as one check, passed or failed.
import fs from "node:fs";
import path from "node:path";

const folder = "reports/test-logs";
const EMAIL = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
// A secret-bearing parameter whose value is not the redaction mark, or a long random-looking value after
// a one-time link's path (verify, reset, invitation, setup).
const TOKEN =
  /[?&#](?:token|key|code|signature|sig|secret|password|altcha)=(?!\[redacted\])[^&"\s\\]{12,}|\/(?:verify|reset-password|accept-invitation)\/[A-Za-z0-9_-]{20,}/i;
// The one line printed on purpose: the first start's one-time owner setup link, written to the console
// (not the structured log) for the operator who started the server (app/auth/first-owner.server.ts).
const DELIBERATE = /^\s*(?:\|\s+)?https?:\/\/\S+\/admin\/setup[?#]token=\S+(?:\s+\|)?\s*$/;

const files = fs.existsSync(folder) ? fs.readdirSync(folder).filter((f) => f.endsWith(".log")) : [];
const findings = [];
let lines = 0;
for (const file of files) {
  for (const line of fs.readFileSync(path.join(folder, file), "utf8").split("\n")) {
    lines++;
    if (DELIBERATE.test(line)) continue;
    const what = EMAIL.test(line) ? "an e-mail address" : TOKEN.test(line) ? "a token" : null;
    if (what) findings.push({ file, what, line: line.slice(0, 400) });
  }
}
for (const f of findings.slice(0, 20)) console.log(`log scan: ${f.what} in ${f.file}: ${f.line}`);
console.log(`log scan: ${files.length} logs, ${lines} lines, ${findings.length} with an e-mail address or a token`);
fs.writeFileSync("reports/log-scan.json", JSON.stringify({ files: files.length, lines, findings }, null, 2));
process.exit(findings.length === 0 && files.length > 0 ? 0 : 1);
