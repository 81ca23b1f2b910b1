#!/usr/bin/env node
// Refreshes the crawler IP range lists in app/discoverability/crawler-ranges/ from the addresses
// their operators publish: `node scripts/refresh-crawler-ranges.mjs`. Each file keeps its source and
// the date the operator stamped on the list (creationTime), or today's date when it carries none.
// Review the diff and commit it; a list that fails to download is left as it was.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../app/discoverability/crawler-ranges");

for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".json"))) {
  const target = path.join(dir, file);
  const current = JSON.parse(fs.readFileSync(target, "utf8"));
  try {
    const res = await fetch(current.source, { signal: AbortSignal.timeout(20_000) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const body = await res.json();
    const prefixes = (body.prefixes ?? []).map((p) => p.ipv4Prefix ?? p.ipv6Prefix).filter(Boolean);
    if (prefixes.length === 0) throw new Error("no prefixes in the answer");
    const stamped = body.creationTime ? new Date(`${String(body.creationTime).replace(/(\.\d+)?Z?$/, "")}Z`) : new Date();
    const next = { operator: current.operator, source: current.source, takenAt: stamped.toISOString().replace(/\.\d+Z$/, "Z"), prefixes };
    fs.writeFileSync(target, `${JSON.stringify(next, null, 1)}\n`);
    console.log(`${file}: ${prefixes.length} prefixes, taken ${next.takenAt}`);
  } catch (error) {
    console.error(`${file}: kept as it was (${error.message})`);
    process.exitCode = 1;
  }
}
