import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on loopback for tests: it can be told to refuse every message (a 4xx or 5xx answer)
 * and later to accept again. Accepted messages are kept whole, in order.
 */
export type TestSmtp = {
  url: string;
  received: string[];
  refusals: number;
  /** Messages whose data arrived, answered or not yet (held). */
  arrived: number;
  refuseWith: (code: 451 | 550 | null) => void;
  /** Refuses one recipient at RCPT TO (a 550 "no such user" or a 451 "try later"); null accepts it again. */
  refuseRecipient: (address: string, code: 451 | 550 | null) => void;
  /** Every RCPT TO address asked, lower-cased, in order (refused ones too). */
  recipientsAsked: string[];
  /**
   * Holds the answer to every message (or to those `which` picks, by their raw text) until `release` is
   * called (a slow server); `waiting` says how many messages are held now.
   */
  hold: (which?: (raw: string) => boolean) => { release: () => void; waiting: () => number };
  close: () => Promise<void>;
};

export async function startTestSmtp(): Promise<TestSmtp> {
  let refuse: number | null = null;
  const refusedRecipients = new Map<string, number>();
  const recipientsAsked: string[] = [];
  let held: { which: (raw: string) => boolean; until: Promise<void>; waiting: number } | null = null;
  const state = { received: [] as string[], refusals: 0, arrived: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      recipientsAsked.push(to);
      const code = refusedRecipients.get(to);
      if (!code) return callback();
      const text = code >= 500 ? "5.1.1 No such user here (test refusal)" : "4.2.1 Mailbox busy, try again later (test refusal)";
      callback(Object.assign(new Error(text), { responseCode: code }));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        state.arrived += 1;
        const gate = held;
        if (gate?.which(Buffer.concat(chunks).toString("utf8"))) {
          gate.waiting += 1;
          await gate.until;
          gate.waiting -= 1;
        }
        if (refuse !== null) {
          state.refusals += 1;
          const error = Object.assign(new Error(refuse >= 500 ? "Mailbox unavailable (test refusal)" : "Try again later (test refusal)"), {
            responseCode: refuse,
          });
          callback(error);
          return;
        }
        state.received.push(Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get received() {
      return state.received;
    },
    get refusals() {
      return state.refusals;
    },
    get arrived() {
      return state.arrived;
    },
    refuseWith: (code) => {
      refuse = code;
    },
    refuseRecipient: (address, code) => {
      if (code === null) refusedRecipients.delete(address.toLowerCase());
      else refusedRecipients.set(address.toLowerCase(), code);
    },
    recipientsAsked,
    hold: (which = () => true) => {
      let release!: () => void;
      const gate = { which, until: new Promise<void>((resolve) => (release = resolve)), waiting: 0 };
      held = gate;
      return {
        release: () => {
          held = null;
          release();
        },
        waiting: () => gate.waiting,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded text of a quoted-printable part, so links and words can be found in a raw message. */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}
