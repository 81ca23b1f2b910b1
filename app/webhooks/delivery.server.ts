import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { lookup as dnsLookupAsync } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPrivateAddress } from "./addresses";

/**
 * Sending one webhook request, with the address rule applied where the connection is made: the socket's
 * DNS lookup is ours and refuses a private answer, so the address checked is the address connected to (a
 * name that resolves to a public address at the check and a private one a moment later cannot slip
 * through). Redirects are not followed. The whole attempt, answer included, takes 10 s at most.
 */
export const DELIVERY_TIMEOUT_MS = 10_000;

export class PrivateAddress extends Error {}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, "");
}

/** Resolves the URL's host and refuses it when any address is private; the message says why. */
export async function checkDestination(url: URL, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = hostOf(url);
  if (isIP(host)) {
    if (isPrivateAddress(host)) throw new PrivateAddress(`${host} is a loopback, private or link-local address: webhooks cannot be sent there`);
    return;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await dnsLookupAsync(host, { all: true, verbatim: true });
  } catch {
    throw new PrivateAddress(`${host} could not be found (DNS)`);
  }
  const bad = addresses.find((entry) => isPrivateAddress(entry.address));
  if (bad) throw new PrivateAddress(`${host} resolves to ${bad.address}, a loopback, private or link-local address: webhooks cannot be sent there`);
}

function guardedLookup(allowPrivate: boolean): LookupFunction {
  return ((hostname: string, options: { all?: boolean; family?: number }, callback: (...args: unknown[]) => void) => {
    dnsLookup(hostname, { family: options.family ?? 0, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error);
      const bad = allowPrivate ? undefined : addresses.find((entry) => isPrivateAddress(entry.address));
      if (bad) return callback(new PrivateAddress(`${hostname} resolves to ${bad.address}, a loopback, private or link-local address`));
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  }) as unknown as LookupFunction;
}

/** POSTs `body` and answers the response's status code; throws on a refused address, a network error or the time running out. */
export async function postWebhook(urlText: string, body: string, headers: Record<string, string>, options: { allowPrivate: boolean; signal?: AbortSignal }): Promise<number> {
  const url = new URL(urlText);
  // An IP literal is connected to without any lookup: checked here instead.
  if (isIP(hostOf(url))) await checkDestination(url, options.allowPrivate);
  const signal = options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]) : AbortSignal.timeout(DELIVERY_TIMEOUT_MS);
  const client = url.protocol === "https:" ? https : http;
  return new Promise<number>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": "Clink-Webhooks/1", "content-length": Buffer.byteLength(body), ...headers },
        lookup: guardedLookup(options.allowPrivate),
        signal,
        agent: false,
      },
      (response) => {
        // Only the status matters; the answer's body is read and dropped (never stored).
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    request.on("error", (error) => reject(signal.aborted && !(error instanceof PrivateAddress) ? new Error(`no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`) : error));
    request.end(body);
  });
}
