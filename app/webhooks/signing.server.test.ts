import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newMessageId, newSecret, signature, signedHeaders } from "./signing.server";

describe("Standard Webhooks signing", () => {
  it("matches the specification's example", () => {
    // The example of the specification (standard-webhooks/spec.md, "Signature scheme").
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const body = '{"test": 2432232314}';
    expect(signature(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body)).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it("keys the HMAC with the secret's decoded bytes over id.timestamp.body", () => {
    const secret = newSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
    const id = newMessageId();
    const headers = signedHeaders(secret, id, "{}", new Date(1_700_000_000_500));
    expect(headers["webhook-id"]).toBe(id);
    expect(headers["webhook-timestamp"]).toBe("1700000000");
    const mac = createHmac("sha256", Buffer.from(secret.slice(6), "base64"))
      .update(`${id}.1700000000.{}`)
      .digest("base64");
    expect(headers["webhook-signature"]).toBe(`v1,${mac}`);
  });
});
