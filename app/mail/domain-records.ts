/**
 * The sending domain's DNS records judged (issue 51): SPF, DKIM and DMARC, each right, wrong (saying what is
 * wrong) or missing (with the record to add). Pure: the lookups are domain-check.server.ts's.
 */
export type RecordState = "right" | "wrong" | "missing" | "unknown";
export type DomainCheck = { name: "SPF" | "DKIM" | "DMARC"; state: RecordState; detail: string; add?: { name: string; value: string } };
/** One check of the domain: its records judged, and the DKIM record to publish for the configured key. */
export type DomainReport = { domain: string; checkedAt: string; checks: DomainCheck[]; publish: { name: string; value: string } | null };

/** The domain of MAIL_FROM ("Clink <no-reply@clink.app>" or a bare address). */
export function mailFromDomain(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return (address.split("@").pop() ?? "").trim().toLowerCase();
}

/** DMARC's relaxed alignment: the signing domain is the From domain or a parent of it (not a bare TLD). */
export function aligned(signingDomain: string, fromDomain: string): boolean {
  const d = signingDomain.toLowerCase();
  return d.includes(".") && (fromDomain === d || fromDomain.endsWith(`.${d}`));
}

/** A record's tags (`v=DKIM1; k=rsa; p=...`), names lower-cased, values without spaces. */
export function tags(record: string): Record<string, string> {
  return Object.fromEntries(
    record
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const at = part.indexOf("=");
        return at < 0 ? [part.toLowerCase(), ""] : [part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).replace(/\s+/g, "")];
      }),
  );
}

export function judgeSpf(domain: string, records: string[]): DomainCheck {
  const spf = records.filter((r) => /^v=spf1(\s|$)/i.test(r.trim()));
  const add = { name: domain, value: "v=spf1 include:<your mail provider's SPF domain> ~all" };
  if (!spf.length)
    return { name: "SPF", state: "missing", detail: `no SPF record at ${domain}: receivers cannot tell which servers may send as it`, add };
  if (spf.length > 1)
    return {
      name: "SPF",
      state: "wrong",
      detail: `${spf.length} SPF records at ${domain}: receivers treat that as an error (merge them into one)`,
    };
  if (/\s\+?all\s*$/i.test(spf[0]!) && !/[-~?]all\s*$/i.test(spf[0]!))
    return {
      name: "SPF",
      state: "wrong",
      detail: `"${spf[0]}" ends with +all: any server may send as ${domain} (end it with ~all or -all)`,
    };
  return { name: "SPF", state: "right", detail: `"${spf[0]}"` };
}

export function judgeDkim(
  expected: { name: string; value: string; publicKey: string } | null,
  fromDomain: string,
  signingDomain: string | null,
  records: string[],
): DomainCheck {
  if (!expected || !signingDomain)
    return {
      name: "DKIM",
      state: "missing",
      detail: "not configured: set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE) to sign mail",
    };
  const add = { name: expected.name, value: expected.value };
  if (!aligned(signingDomain, fromDomain))
    return {
      name: "DKIM",
      state: "wrong",
      detail: `DKIM_DOMAIN ${signingDomain} is not MAIL_FROM's domain ${fromDomain} or a parent of it: DMARC will not align`,
      add,
    };
  const keys = records.map(tags).filter((t) => "p" in t);
  if (!keys.length) return { name: "DKIM", state: "missing", detail: `no DKIM record at ${expected.name}`, add };
  if (keys.length > 1)
    return { name: "DKIM", state: "wrong", detail: `${keys.length} DKIM records at ${expected.name}: keep only one`, add };
  const published = keys[0]!.p!;
  if (!published) return { name: "DKIM", state: "wrong", detail: `the record at ${expected.name} is revoked (empty p=)`, add };
  if (published !== expected.publicKey)
    return {
      name: "DKIM",
      state: "wrong",
      detail: `the record at ${expected.name} does not match the configured key (its p= is another public key)`,
      add,
    };
  return { name: "DKIM", state: "right", detail: `the record at ${expected.name} matches the configured key` };
}

export function judgeDmarc(domain: string, where: string, records: string[]): DomainCheck {
  const dmarc = records.filter((r) => /^v=DMARC1(\s*;|\s*$)/i.test(r.trim()));
  // The least record that counts; where reports go (rua=mailto:…) is the operator's choice, and an address
  // suggested here would stand in every log the doctor writes.
  const add = { name: `_dmarc.${domain}`, value: `v=DMARC1; p=none` };
  if (!dmarc.length)
    return {
      name: "DMARC",
      state: "missing",
      detail: `no DMARC record at _dmarc.${domain}: Gmail and Yahoo refuse bulk mail without one`,
      add,
    };
  if (dmarc.length > 1)
    return {
      name: "DMARC",
      state: "wrong",
      detail: `${dmarc.length} DMARC records at ${where}: receivers ignore them all (keep one)`,
      add,
    };
  const policy = tags(dmarc[0]!).p;
  if (!policy || !["none", "quarantine", "reject"].includes(policy.toLowerCase()))
    return { name: "DMARC", state: "wrong", detail: `the record at ${where} has no valid p= policy (none, quarantine or reject)`, add };
  return { name: "DMARC", state: "right", detail: `"${dmarc[0]}" at ${where} (policy ${policy})` };
}
