import { createChallenge, solveChallenge } from "altcha-lib/v1";
import { describe, expect, it } from "vitest";
import { submissionInput } from "../support/api";
import { siteForSuite } from "../support/suite";
import { queryTestDatabase, usingPostgres, type TestServer } from "../support/test-server";

/**
 * The public forms' bot check over HTTP: ALTCHA's proof of work, a signed challenge solved here as the
 * browser's script solves it, accepted once; without a proof the forms still work, under a tighter limit.
 */
let server: TestServer;
siteForSuite({ env: { SEED_DEMO: "false", TRUST_PROXY: "loopback" } }, (site) => ({ server } = site));

type Challenge = { algorithm: string; challenge: string; maxnumber?: number; salt: string; signature?: string };
const REFUSED = "The security check has expired or was already used. Please reload the page and try again.";

async function challenge(): Promise<Challenge> {
  const res = await fetch(`${server.url}/api/proof-of-work`);
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  return res.json();
}

async function solved(c: Challenge, number?: number): Promise<string> {
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  return Buffer.from(
    JSON.stringify({
      algorithm: c.algorithm,
      challenge: c.challenge,
      number: number ?? solution!.number,
      salt: c.salt,
      signature: c.signature,
    }),
  ).toString("base64");
}

const post = (path: string, body: unknown, ip: string) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify(body),
  });

describe("the bot check's proof of work", () => {
  it("hands out a signed challenge that expires, and accepts its solution once", async () => {
    const c = await challenge();
    expect(c.algorithm).toBe("SHA-256");
    expect(c.salt).toMatch(/expires=\d+/);
    const proof = await solved(c);
    const first = await post("/api/contact", submissionInput({ altcha: proof }), "198.51.100.1");
    expect(first.status).toBe(201);
    // The same proof again, from anywhere: refused, whatever the form.
    const replay = await post("/api/contact", submissionInput({ altcha: proof }), "198.51.100.2");
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ success: false, message: REFUSED });
    const elsewhere = await post(
      "/api/data-deletion-requests",
      { firstName: "Ada", email: "ada@example.com", phone: "0412 345 678", captchaVerified: true, confirmDelete: true, altcha: proof },
      "198.51.100.3",
    );
    expect(elsewhere.status).toBe(400);
  });

  it("refuses a wrong number, a challenge signed with another key, and a payload that is not one", async () => {
    const c = await challenge();
    const right = JSON.parse(Buffer.from(await solved(c), "base64").toString()) as { number: number };
    expect((await post("/api/contact", submissionInput({ altcha: await solved(c, right.number + 1) }), "198.51.100.4")).status).toBe(400);
    const forged = await createChallenge({ hmacKey: "not the site's key", maxnumber: 1000 });
    expect((await post("/api/contact", submissionInput({ altcha: await solved(forged) }), "198.51.100.5")).status).toBe(400);
    for (const junk of ["not base64 json", Buffer.from("{}").toString("base64"), "x".repeat(2001)]) {
      expect((await post("/api/contact", submissionInput({ altcha: junk }), "198.51.100.6")).status, junk.slice(0, 20)).toBe(400);
    }
  });

  it.runIf(usingPostgres())("refuses an expired challenge signed with the site's own key", async () => {
    const [row] = await queryTestDatabase<{ value: string }>(
      server.databaseUrl!,
      "select value from privacy_settings where key = 'proof-of-work-hmac-key'",
    );
    expect(row?.value).toBeTruthy();
    const expired = await createChallenge({ hmacKey: row!.value, maxnumber: 1000, expires: new Date(Date.now() - 1000) });
    const res = await post("/api/contact", submissionInput({ altcha: await solved(expired) }), "198.51.100.7");
    expect(res.status).toBe(400);
    // A fresh one with the same key is accepted: the key is the site's, only the expiry failed.
    const fresh = await createChallenge({ hmacKey: row!.value, maxnumber: 1000, expires: new Date(Date.now() + 60_000) });
    expect((await post("/api/contact", submissionInput({ altcha: await solved(fresh) }), "198.51.100.7")).status).toBe(201);
  });

  it("lets forms without a proof through, 3 an hour per client, while proofs keep the usual limit", async () => {
    const ip = "203.0.113.40";
    for (let i = 0; i < 3; i++) expect((await post("/api/contact", submissionInput({ message: `No script ${i}` }), ip)).status).toBe(201);
    const fourth = await post("/api/contact", submissionInput({ message: "No script 4" }), ip);
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get("retry-after")).toMatch(/^\d+$/);
    // The same client with a solved challenge is not held by the tighter limit.
    expect(
      (await post("/api/contact", submissionInput({ message: "With a proof", altcha: await solved(await challenge()) }), ip)).status,
    ).toBe(201);
    // The page form without JavaScript falls under the same tighter limit.
    const page = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
      body: new URLSearchParams({ name: "Ada Lovelace", email: "ada@example.com", subject: "Hello", message: "Sent without a script." }),
    });
    expect(page.status).toBe(429);
  });
});
