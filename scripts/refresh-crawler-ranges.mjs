#!/usr/bin/env node
// Refreshes the crawler IP range lists in app/discoverability/crawler-ranges/ from the addresses
// their operators publish: `node scripts/refresh-crawler-ranges.mjs`. Each file keeps its operator
// and source; it gets the prefixes the source now lists and the date the operator stamped on them
// (creationTime), or today's date when the list carries none. A list copied from a mirror loses its
// `copiedFrom` note once it comes from the source itself. Review the diff and commit it.
//
// The sources differ in form, and each is read:
// - the shape Google set and most operators copy: {"creationTime": ..., "prefixes": [{"ipv4Prefix":
//   ...} | {"ipv6Prefix": ...}]} (Google, Bing, Apple, OpenAI, Anthropic, Perplexity, Common Crawl,
//   DuckDuckGo), with "ip_prefix" entries too (Amazon), and creationTime with or without a zone
//   ("2024-01-03T10:00:00.121331" is UTC);
// - a bare JSON array of prefixes, strings or such objects;
// - such a JSON object pasted into a web page (Amazon publishes its lists that way);
// - plain text, one address or prefix a line (# comments allowed).
// A list that fails to download or to read, or that reads as empty, is left as it was, and the
// command exits non-zero.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const RANGES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../app/discoverability/crawler-ranges");

/** "1.2.3.0/24", "2001:db8::/32" or a bare address; null for anything else. */
export function cleanPrefix(value) {
  if (typeof value !== "string") return null;
  const text = value.trim();
  const [address, bits, extra] = text.split("/");
  if (extra !== undefined) return null;
  const family = net.isIP(address ?? "");
  if (family === 0) return null;
  if (bits === undefined) return text;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128) ? text : null;
}

function prefixOf(entry) {
  if (typeof entry === "string") return entry;
  if (entry && typeof entry === "object")
    return entry.ipv4Prefix ?? entry.ipv6Prefix ?? entry.ip_prefix ?? entry.ipPrefix ?? entry.prefix ?? null;
  return null;
}

/** An ISO date for an operator's creationTime, read as UTC when it names no zone; null when unreadable. */
export function stampOf(creationTime) {
  if (typeof creationTime !== "string" || !creationTime.trim()) return null;
  const m = creationTime.trim().match(/^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/i);
  if (!m) return null;
  const zone = m[4] ? (m[4].toUpperCase() === "Z" ? "Z" : m[4].replace(/^([+-]\d{2})(\d{2})$/, "$1:$2")) : "Z";
  const date = new Date(`${m[1]}T${m[2].length === 5 ? `${m[2]}:00` : m[2]}${zone}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().replace(/\.\d+Z$/, "Z");
}

function fromJson(doc) {
  if (Array.isArray(doc)) return { entries: doc, creationTime: null };
  if (doc && typeof doc === "object" && Array.isArray(doc.prefixes))
    return { entries: doc.prefixes, creationTime: doc.creationTime ?? null };
  return null;
}

/** The text of the balanced {...} that starts at `start` (quotes and escapes respected), or null. */
function objectAt(text, start) {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return text.slice(start, i + 1);
  }
  return null;
}

/** The JSON object with a "prefixes" array that a web page carries, or null. */
function embeddedJson(text) {
  for (let at = text.indexOf('"prefixes"'); at >= 0; at = text.indexOf('"prefixes"', at + 1)) {
    // The object holding the key opens at one of the few braces before it.
    for (let start = text.lastIndexOf("{", at), tries = 0; start >= 0 && tries < 4; start = text.lastIndexOf("{", start - 1), tries++) {
      const candidate = objectAt(text, start);
      if (!candidate) continue;
      try {
        const doc = fromJson(JSON.parse(candidate));
        if (doc) return doc;
      } catch {
        // not JSON (a script's object, say): try the next brace out
      }
    }
  }
  return null;
}

/**
 * The prefixes and the operator's date in a published list, whatever its form:
 * { prefixes: string[], takenAt: string | null, rejected: unknown[] }. Throws when it lists nothing.
 */
export function parsePublishedList(text) {
  let doc;
  try {
    doc = fromJson(JSON.parse(text));
  } catch {
    doc = embeddedJson(text);
  }
  const entries = doc
    ? doc.entries
    : text
        .split(/\r?\n/)
        .map((line) => line.replace(/#.*/, "").trim())
        .filter(Boolean);
  const prefixes = [];
  const rejected = [];
  for (const entry of entries) {
    const prefix = cleanPrefix(prefixOf(entry));
    if (prefix) prefixes.push(prefix);
    else rejected.push(entry);
  }
  if (prefixes.length === 0) throw new Error("no prefixes in the answer");
  return { prefixes: [...new Set(prefixes)], takenAt: stampOf(doc?.creationTime), rejected };
}

/** Refreshes one list file; throws (leaving the file as it was) when its source cannot be read. */
export async function refreshList(file, fetchImpl = fetch, now = new Date()) {
  const current = JSON.parse(fs.readFileSync(file, "utf8"));
  const res = await fetchImpl(current.source, {
    signal: AbortSignal.timeout(20_000),
    headers: { accept: "application/json, text/html;q=0.5, text/plain;q=0.5" },
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const parsed = parsePublishedList(await res.text());
  // An answer that is mostly not addresses is more likely a changed format than a list: keep the old one.
  if (parsed.rejected.length > parsed.prefixes.length) throw new Error(`${parsed.rejected.length} entries are not addresses`);
  const next = {
    operator: current.operator,
    source: current.source,
    takenAt: parsed.takenAt ?? now.toISOString().replace(/\.\d+Z$/, "Z"),
    prefixes: parsed.prefixes,
  };
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(next, null, 1)}\n`);
  fs.renameSync(tmp, file);
  return { prefixes: parsed.prefixes.length, takenAt: next.takenAt, rejected: parsed.rejected.length };
}

/**
 * Refreshes every list in `dir`; returns the names of the lists that were kept as they were.
 * @param {string} [dir]
 * @param {typeof fetch} [fetchImpl]
 * @param {{ log: (line: string) => void, error: (line: string) => void }} [log]
 */
export async function refreshAll(dir = RANGES_DIR, fetchImpl = fetch, log = console) {
  const kept = [];
  for (const name of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    try {
      const result = await refreshList(path.join(dir, name), fetchImpl);
      log.log(
        `${name}: ${result.prefixes} prefixes, taken ${result.takenAt}${result.rejected ? ` (${result.rejected} entries skipped)` : ""}`,
      );
    } catch (error) {
      log.error(`${name}: kept as it was (${error instanceof Error ? error.message : String(error)})`);
      kept.push(name);
    }
  }
  return kept;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const kept = await refreshAll();
  if (kept.length > 0) process.exitCode = 1;
}
