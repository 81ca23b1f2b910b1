import { type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { hostAddresses } from "~/core/network/dns-resolver.server";
import { isPrivateAddress } from "~/core/network/ip-addresses";

/**
 * Sending one webhook request, with the address rule applied where the connection is made: the socket's
 * DNS lookup is ours and refuses a private answer, so the address checked is the address connected to (a
 * name that resolves to a public address at the check and a private one a moment later cannot slip
 * through). Redirects are not followed. The whole attempt, answer included, takes 10 s at most.
 */
const DELIVERY_TIMEOUT_MS = 10_000;
/** Bytes of a receiver's answer read at most: its status is what counts; a body past this closes the socket. */
const ANSWER_READ_LIMIT = 4096;

export class PrivateAddress extends Error {}

/** Where hosts are resolved: the DNS servers of WEBHOOKS_DNS_SERVERS, or (empty) the system's resolver. */
export type AddressOptions = { allowPrivate: boolean; dnsServers?: readonly string[] };

/** A webhook host's addresses: 3 s per query, two tries. */
const addressesOf = (host: string, servers: readonly string[] | undefined, family: 0 | 4 | 6 = 0): Promise<LookupAddress[]> =>
  hostAddresses(host, { servers, timeoutMs: 3000, tries: 2 }, family);

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, "");
}

/** Resolves the URL's host and refuses it when any address is private; the message says why. */
export async function checkDestination(url: URL, options: AddressOptions): Promise<void> {
  if (options.allowPrivate) return;
  const host = hostOf(url);
  if (isIP(host)) {
    if (isPrivateAddress(host))
      throw new PrivateAddress(`${host} is a loopback, private or link-local address: webhooks cannot be sent there`);
    return;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await addressesOf(host, options.dnsServers);
  } catch {
    throw new PrivateAddress(`${host} could not be found (DNS)`);
  }
  const bad = addresses.find((entry) => isPrivateAddress(entry.address));
  if (bad)
    throw new PrivateAddress(
      `${host} resolves to ${bad.address}, a loopback, private or link-local address: webhooks cannot be sent there`,
    );
}

function guardedLookup(options: AddressOptions): LookupFunction {
  return ((hostname: string, lookupOptions: { all?: boolean; family?: number }, callback: (...args: unknown[]) => void) => {
    addressesOf(hostname, options.dnsServers, (lookupOptions.family ?? 0) as 0 | 4 | 6).then(
      (addresses) => {
        const bad = options.allowPrivate ? undefined : addresses.find((entry) => isPrivateAddress(entry.address));
        if (bad)
          return callback(
            new PrivateAddress(
              `${hostname} resolves to ${bad.address}, a loopback, private or link-local address: webhooks cannot be sent there`,
            ),
          );
        if (lookupOptions.all) return callback(null, addresses);
        return callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: unknown) => callback(error),
    );
  }) as unknown as LookupFunction;
}

/** POSTs `body` and answers the response's status code; throws on a refused address, a network error or the time running out. */
export async function postWebhook(
  urlText: string,
  body: string,
  headers: Record<string, string>,
  options: AddressOptions & { signal?: AbortSignal },
): Promise<number> {
  const url = new URL(urlText);
  // An IP literal is connected to without any lookup: checked here instead.
  if (isIP(hostOf(url))) await checkDestination(url, options);
  const signal = options.signal
    ? AbortSignal.any([options.signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)])
    : AbortSignal.timeout(DELIVERY_TIMEOUT_MS);
  const client = url.protocol === "https:" ? https : http;
  return new Promise<number>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "Clink-Webhooks/1",
          "content-length": Buffer.byteLength(body),
          ...headers,
        },
        lookup: guardedLookup(options),
        signal,
        agent: false,
      },
      (response) => {
        // Only the status matters; the answer's body is read up to a limit and dropped (never stored). A
        // receiver that keeps sending is cut off there: it has answered, with its status.
        const status = response.statusCode ?? 0;
        let read = 0;
        response.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read <= ANSWER_READ_LIMIT) return;
          resolve(status);
          request.destroy();
        });
        response.on("end", () => resolve(status));
        response.on("error", reject);
      },
    );
    request.on("error", (error) =>
      reject(signal.aborted && !(error instanceof PrivateAddress) ? new Error(`no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`) : error),
    );
    request.end(body);
  });
}
