import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the receiving server took it. */
export interface Arrival {
  messageId: string;
  to: string;
  /** The EHLO name of the sender: each instance under test names itself (SMTP_URL `name=`). */
  via: string;
  at: number;
}

/** A message whose reply the server holds until `release()`: it has arrived, the sender does not know yet. */
export interface HeldArrival extends Arrival {
  release(): void;
}

/** Headers end at the first empty line; a message larger than this without one is not a notification's. */
const MAX_HEADER_BYTES = 64 * 1024;

/**
 * A real SMTP server in this process (smtp-server) recording every message's Message-ID, recipient and
 * sender's EHLO name, reading the headers only (cheap enough for the benchmark's thousands). Can refuse
 * with 451 as a server in trouble does, and hold the reply to one chosen message.
 */
export class RecordingSmtpServer {
  readonly arrivals: Arrival[] = [];
  /** While true, every message is refused at MAIL FROM with a temporary error (451). */
  refusing = false;
  refusals = 0;
  private port = 0;
  private hold?: { matches: (arrival: Arrival) => boolean; arrived: (held: HeldArrival) => void };
  private readonly server: SMTPServer;

  private constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      disableReverseLookup: true,
      // Bounds what one connection may send: notifications are a few kilobytes.
      size: 1024 * 1024,
      onMailFrom: (_address, _session, callback) => {
        if (!this.refusing) return callback();
        this.refusals += 1;
        callback(Object.assign(new Error('Servicio no disponible, inténtelo más tarde'), { responseCode: 451 }));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        let length = 0;
        stream.on('data', (chunk: Buffer) => {
          if (length < MAX_HEADER_BYTES) chunks.push(chunk);
          length += chunk.length;
        });
        stream.on('end', () => {
          const headers = Buffer.concat(chunks).toString('latin1').split(/\r?\n\r?\n/, 1)[0]!;
          const messageId = /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(headers)?.[1] ?? '';
          const to = session.envelope.rcptTo.map((address) => address.address).join(',');
          const arrival: Arrival = { messageId, to, via: session.hostNameAppearsAs, at: Date.now() };
          this.arrivals.push(arrival);
          const hold = this.hold;
          if (hold?.matches(arrival)) {
            this.hold = undefined;
            hold.arrived({ ...arrival, release: () => callback() });
          } else {
            callback();
          }
        });
      },
    });
    // A sender killed mid-conversation resets its connection: that is the test, not a failure.
    this.server.on('error', () => undefined);
  }

  static async start(): Promise<RecordingSmtpServer> {
    const recorder = new RecordingSmtpServer();
    await new Promise<void>((resolve) => recorder.server.listen(0, '127.0.0.1', resolve));
    recorder.port = (recorder.server.server.address() as AddressInfo).port;
    return recorder;
  }

  /** SMTP_URL for an instance that greets with EHLO `name`. */
  urlFor(name: string): string {
    return `smtp://127.0.0.1:${this.port}/?ignoreTLS=true&name=${encodeURIComponent(name)}`;
  }

  /**
   * Resolves when the first message matching `matches` has arrived; its `250` reply waits for
   * `release()`, so its sender cannot have recorded the send yet.
   */
  holdFirst(matches: (arrival: Arrival) => boolean): Promise<HeldArrival> {
    return new Promise((arrived) => (this.hold = { matches, arrived }));
  }

  /** How many times each of `messageIds` arrived (0 for one that never did). */
  countsOf(messageIds: readonly string[]): Map<string, number> {
    const counts = new Map(messageIds.map((id) => [id, 0]));
    for (const arrival of this.arrivals) {
      const count = counts.get(arrival.messageId);
      if (count !== undefined) counts.set(arrival.messageId, count + 1);
    }
    return counts;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** What a receiver keeping one copy per Message-ID ends up with. */
export function deduplicated(arrivals: readonly Arrival[]): Set<string> {
  return new Set(arrivals.map((arrival) => arrival.messageId));
}
