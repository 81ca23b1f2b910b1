import dgram from "node:dgram";
import dnsPacket from "dns-packet";
import { parseIp } from "../../app/core/network/ip-addresses";

/**
 * A DNS server on loopback (UDP) that answers PTR, A, AAAA and TXT questions from a table, NXDOMAIN for
 * any other name, and nothing at all while `silent` (to test timeouts); `hold` keeps its answers until released
 * (a slow server, without a clock). It records every question.
 * Point the server under test at it with CRAWLER_DNS_SERVERS=<fake.server>.
 */
export type FakeDnsRecords = {
  /** PTR names by address ("198.51.100.10" or an IPv6 address). */
  ptr?: Record<string, string[]>;
  /** A and AAAA addresses by name. */
  a?: Record<string, string[]>;
  aaaa?: Record<string, string[]>;
  /** TXT records by name, each one record (split into 255-byte strings as DNS carries them). */
  txt?: Record<string, string[]>;
};

export type FakeDns = {
  /** "127.0.0.1:port", as CRAWLER_DNS_SERVERS and Resolver.setServers take it. */
  server: string;
  records: FakeDnsRecords;
  questions: string[];
  silent: boolean;
  /** Keeps every answer until `release` is called, then sends them; `held` says how many wait now. */
  hold: () => { release: () => void; held: () => number };
  close: () => Promise<void>;
};

/** The in-addr.arpa or ip6.arpa name of an address, as a PTR question asks it. */
function arpaName(ipText: string): string {
  const ip = parseIp(ipText);
  if (!ip) throw new Error(`not an address: ${ipText}`);
  if (ip.family === 4) return `${ipText.split(".").reverse().join(".")}.in-addr.arpa`;
  return `${ip.value.toString(16).padStart(32, "0").split("").reverse().join(".")}.ip6.arpa`;
}

const NXDOMAIN = 3;

export async function startFakeDns(records: FakeDnsRecords = {}): Promise<FakeDns> {
  const socket = dgram.createSocket("udp4");
  let heldAnswers: Array<() => void> | null = null;
  const fake: FakeDns = {
    server: "",
    records,
    questions: [],
    silent: false,
    hold: () => {
      const waiting: Array<() => void> = [];
      heldAnswers = waiting;
      return {
        release: () => {
          heldAnswers = null;
          for (const send of waiting.splice(0)) send();
        },
        held: () => waiting.length,
      };
    },
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };

  const answersFor = (type: string, name: string): dnsPacket.Answer[] => {
    const lower = name.toLowerCase();
    if (type === "PTR") {
      const ip = Object.keys(fake.records.ptr ?? {}).find((address) => arpaName(address) === lower);
      return (ip ? fake.records.ptr![ip]! : []).map((data) => ({ type: "PTR", name, ttl: 60, data }));
    }
    if (type === "TXT") {
      const entry = Object.entries(fake.records.txt ?? {}).find(([host]) => host.toLowerCase() === lower);
      return (entry?.[1] ?? []).map((record) => ({ type: "TXT", name, ttl: 60, data: record.match(/[\s\S]{1,255}/g) ?? [""] }));
    }
    const table = type === "A" ? fake.records.a : type === "AAAA" ? fake.records.aaaa : undefined;
    const entry = Object.entries(table ?? {}).find(([host]) => host.toLowerCase() === lower);
    return (entry?.[1] ?? []).map((data) => ({ type: type as "A" | "AAAA", name, ttl: 60, data }));
  };

  socket.on("message", (message, remote) => {
    let query: dnsPacket.DecodedPacket;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    fake.questions.push(`${question.type} ${question.name}`);
    if (fake.silent) return;
    const answers = answersFor(question.type, question.name);
    const response = dnsPacket.encode({
      type: "response",
      id: query.id,
      flags: dnsPacket.AUTHORITATIVE_ANSWER | dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (answers.length ? 0 : NXDOMAIN),
      questions: [question],
      answers,
    });
    const send = () => socket.send(response, remote.port, remote.address);
    if (heldAnswers) heldAnswers.push(send);
    else send();
  });

  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  fake.server = `127.0.0.1:${socket.address().port}`;
  return fake;
}
