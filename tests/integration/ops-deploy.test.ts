import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../support/test-server";

const has = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
const folders: string[] = [];
afterAll(() => {
  for (const f of folders) fs.rmSync(f, { recursive: true, force: true });
});

describe("deploy/ recipes", () => {
  // Skipped only where systemd's tools are not installed: the unit cannot be checked without them.
  it.skipIf(!has("systemd-analyze"))("the systemd units pass systemd-analyze verify (the site's, and Varnish's in front of it)", () => {
    for (const unit of ["deploy/clink.service", "deploy/varnish/varnish.service"]) {
      const result = spawnSync("systemd-analyze", ["verify", path.join(ROOT, unit)], { encoding: "utf8" });
      expect(result.stderr, unit).toBe("");
      expect(result.status, unit).toBe(0);
    }
  });

  it.skipIf(!has("varnishd"))("the Varnish recipe's VCL compiles (varnishd -C)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clink-varnish-"));
    folders.push(dir);
    const result = spawnSync("varnishd", ["-j", "none", "-C", "-f", path.join(ROOT, "deploy/varnish/clink.vcl"), "-n", dir], {
      encoding: "utf8",
    });
    expect(result.status, result.stderr).toBe(0);
  });

  it.skipIf(!has("nginx") || !has("openssl"))("the nginx configuration passes nginx -t with a certificate in place", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clink-nginx-"));
    folders.push(dir);
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=clink.example",
        "-keyout",
        `${dir}/key.pem`,
        "-out",
        `${dir}/cert.pem`,
      ],
      { stdio: "ignore" },
    );
    const site = fs
      .readFileSync(path.join(ROOT, "deploy/nginx.conf"), "utf8")
      .replace("/etc/letsencrypt/live/clink.example/fullchain.pem", `${dir}/cert.pem`)
      .replace("/etc/letsencrypt/live/clink.example/privkey.pem", `${dir}/key.pem`)
      .replace("/var/cache/nginx/clink", `${dir}/cache`)
      .replace(/listen (\[::\]:)?(80|443)/g, (_m, v6, port) => `listen ${v6 ?? ""}${port === "80" ? 18080 : 18443}`);
    fs.writeFileSync(`${dir}/site.conf`, site);
    fs.writeFileSync(
      `${dir}/nginx.conf`,
      `pid ${dir}/nginx.pid; error_log ${dir}/error.log; events {} http { access_log off; client_body_temp_path ${dir}/tmp; proxy_temp_path ${dir}/tmp; include ${dir}/site.conf; }`,
    );
    const result = spawnSync("nginx", ["-t", "-p", dir, "-c", `${dir}/nginx.conf`], { encoding: "utf8" });
    expect(result.stderr).toContain("syntax is ok");
    expect(result.status).toBe(0);
  });
});
