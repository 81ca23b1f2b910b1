import { describe, expect, it } from "vitest";
import { setCookie } from "./cookies.server";

describe("the one Set-Cookie builder", () => {
  it("marks every cookie HttpOnly, SameSite=Lax, for the whole site, and Secure over https", () => {
    const cookie = setCookie(new Request("https://clink.example/admin"), "clink_admin_flash", "signed-in", { maxAge: 60 });
    expect(cookie).toBe("clink_admin_flash=signed-in; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Lax");
    expect(setCookie(new Request("https://clink.example/"), "clink_session", "", { maxAge: 0 })).toMatch(/^clink_session=; Max-Age=0;/);
  });
});
