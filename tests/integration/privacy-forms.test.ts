import { describe, expect, it } from "vitest";
import { siteForSuite } from "../support/suite";
import type { TestServer } from "../support/test-server";

/**
 * The public page forms (posted without JavaScript) read and clean their fields the way the JSON API
 * does: unclean text is the form's 400, never a 500, never a spent allowance, never a logged parameter.
 */
let server: TestServer;
siteForSuite({ env: { SEED_DEMO: "false", TRUST_PROXY: "loopback" } }, (site) => ({ server } = site));

const forms: Record<string, Record<string, string>> = {
  "/contact": {
    name: "Nul Tester",
    email: "nul.contact@visitor.example",
    inquiryType: "general_info",
    subject: "Hello there",
    message: "A message long enough to pass.",
  },
  "/advertise": {
    companyName: "Nul Bar Co",
    contactName: "Nul Tester",
    email: "nul.ad@visitor.example",
    phone: "555 0100 200",
    website: "https://nulbar.example",
    budget: "$1,000-$5,000",
    message: "We want to reach people near our bar.",
  },
  "/delete-my-data": {
    firstName: "Nul",
    email: "nul.delete@visitor.example",
    phone: "0412 345 678",
    securityAnswer: "social-drinking",
    confirmDelete: "on",
  },
};

function post(path: string, fields: Record<string, string>, ip: string, multipart: boolean) {
  let body: BodyInit;
  const headers: Record<string, string> = { "x-forwarded-for": ip };
  if (multipart) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    body = form;
  } else {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(fields).toString();
  }
  return fetch(`${server.url}${path}`, { method: "POST", headers, body });
}

describe("page form actions clean their input like the API", () => {
  it("answers a NUL in any field with the form's 400, url-encoded and multipart, without spending the allowance", async () => {
    let client = 0;
    for (const [path, fields] of Object.entries(forms)) {
      const ip = `10.77.0.${++client}`;
      for (const multipart of [false, true]) {
        for (const name of Object.keys(fields)) {
          // (A lone surrogate cannot travel in a form body: the encoder replaces it before it is sent.)
          const res = await post(path, { ...fields, [name]: "a\u0000b" }, ip, multipart);
          expect(res.status, `${path} ${name} ${multipart ? "multipart" : "url-encoded"}`).toBe(400);
          expect(await res.text()).toContain("characters that are not allowed");
        }
      }
      // Far more than the 10 an hour refused above, and the same client's clean post still goes through.
      const ok = await post(path, fields, ip, false);
      expect(ok.status, path).toBe(200);
    }
    const log = server.output();
    expect(log).not.toMatch(/"level":50/);
    expect(log).not.toContain("params:");
    for (const fields of Object.values(forms)) expect(log).not.toContain(fields.email);
  });

  it("logs a 405 on a page route as the client's fault, not an error", async () => {
    const res = await fetch(`${server.url}/about`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "a=b",
    });
    expect(res.status).toBe(405);
    await expect.poll(() => server.output()).toMatch(/"statusCode":405/);
    expect(server.output()).not.toMatch(/"level":50/);
  });
});
