import { monitorEventLoopDelay } from 'node:perf_hooks';
import { io as connect, type Socket } from 'socket.io-client';
import { percentile, sleep } from './format';

export interface ChatMember {
  userId: string;
  /** Session token for the handshake (the bare relay needs none). */
  token?: string;
  /** Which server instance this member connects to. */
  url: string;
}

export interface ChatPair {
  roomId: string;
  a: ChatMember;
  b: ChatMember;
}

/** How a client speaks to a server: the real one and the relay use the same events. */
export interface ChatProtocol {
  join(socket: Socket, roomId: string, userId: string): Promise<void>;
  /** Resolves with an error text when the server refuses the message, else null. */
  send(socket: Socket, roomId: string, content: string, clientId: string): Promise<string | null>;
  /** The content and room of a pushed newMessage payload. */
  read(payload: unknown): { content: string; roomId: string } | null;
}

interface Tracked {
  sentAt: number;
  /** performance.now() of the first copy at the other member. */
  deliveredAt: number;
  pair: number;
  fromA: boolean;
  received: number;
  echoes: number;
}

export interface ChatPhaseResult {
  offeredPerSec: number;
  sent: number;
  /** Messages that reached the other member of the room at least once. */
  delivered: number;
  /** Extra copies beyond the first at the other member. */
  duplicates: number;
  lost: number;
  /** Copies the sender got back of its own message (0 when the server sends to the others only). */
  echoes: number;
  refused: number;
  refusals: string[];
  deliveredPerSec: number;
  p50: number;
  p99: number;
  max: number;
  /** p99 event-loop delay of this (client) process: how much of the latency the load generator adds. */
  driverLagP99: number;
}

/** Letters only: message texts must never look like phone numbers to the contact-detail rule. */
function letters(n: number): string {
  let s = '';
  do {
    s = String.fromCharCode(97 + (n % 26)) + s;
    n = Math.floor(n / 26);
  } while (n > 0);
  return s;
}

export class ChatLoad {
  private sockets: { a: Socket; b: Socket }[] = [];
  private tracked = new Map<string, Tracked>();
  private stray = 0;

  constructor(
    private readonly pairs: ChatPair[],
    private readonly protocol: ChatProtocol,
  ) {}

  private open(member: ChatMember, pair: number, isA: boolean): Promise<Socket> {
    const socket = connect(member.url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: member.token ? { token: member.token } : undefined,
      reconnection: false,
      forceNew: true,
      timeout: 20_000,
    });
    socket.on('newMessage', (payload: unknown) => {
      const msg = this.protocol.read(payload);
      const t = msg ? this.tracked.get(msg.content) : undefined;
      if (!t || t.pair !== pair) {
        this.stray++;
        return;
      }
      if (t.fromA === isA) {
        t.echoes++;
        return;
      }
      if (t.received++ === 0) t.deliveredAt = performance.now();
    });
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (err) => reject(new Error(`connect ${member.url}: ${err.message}`)));
    });
  }

  /** Connects both members of every room (in batches, to not stampede the handshake) and joins them. */
  async connect(batch = 50): Promise<void> {
    for (let i = 0; i < this.pairs.length; i += batch) {
      const slice = this.pairs.slice(i, i + batch);
      const opened = await Promise.all(
        slice.map(async (p, k) => {
          const [a, b] = await Promise.all([this.open(p.a, i + k, true), this.open(p.b, i + k, false)]);
          await Promise.all([
            this.protocol.join(a, p.roomId, p.a.userId),
            this.protocol.join(b, p.roomId, p.b.userId),
          ]);
          return { a, b };
        }),
      );
      this.sockets.push(...opened);
    }
  }

  /**
   * Offers `rate` messages per second for `seconds` (open loop: the schedule does not wait for replies),
   * alternating senders, then waits up to `drainMs` for the last deliveries, and counts every copy.
   */
  async run(label: string, rate: number, seconds: number, drainMs = 10_000): Promise<ChatPhaseResult> {
    this.tracked = new Map();
    this.stray = 0;
    const total = Math.round(rate * seconds);
    const refusals: string[] = [];
    let refused = 0;
    let sent = 0;
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
        for (; sent < due; sent++) {
          const pair = sent % this.pairs.length;
          const fromA = Math.floor(sent / this.pairs.length) % 2 === 0;
          const content = `bench ${label} message ${letters(sent)} says hello`;
          const clientId = `bench-${label}-${sent}`.replace(/[^\w-]/g, '-');
          this.tracked.set(content, {
            sentAt: performance.now(),
            deliveredAt: 0,
            pair,
            fromA,
            received: 0,
            echoes: 0,
          });
          const { a, b } = this.sockets[pair]!;
          this.protocol.send(fromA ? a : b, this.pairs[pair]!.roomId, content, clientId).then((error) => {
            if (error === null) return;
            refused++;
            if (refusals.length < 5) refusals.push(error);
          });
        }
        if (sent >= total) {
          clearInterval(timer);
          resolve();
        }
      }, 5);
    });
    const sendEnded = performance.now();
    const deadline = sendEnded + drainMs;
    const outstanding = () => [...this.tracked.values()].filter((t) => t.received === 0).length;
    while (performance.now() < deadline && outstanding() > refused) await sleep(50);
    await sleep(300); // late duplicates and echoes
    lag.disable();
    let delivered = 0;
    let duplicates = 0;
    let echoes = 0;
    let lastDelivery = 0;
    const latencies: number[] = [];
    for (const t of this.tracked.values()) {
      echoes += t.echoes;
      if (t.received === 0) continue;
      delivered++;
      duplicates += t.received - 1;
      latencies.push(t.deliveredAt - t.sentAt);
      lastDelivery = Math.max(lastDelivery, t.deliveredAt);
    }
    latencies.sort((x, y) => x - y);
    // From the first send to the last delivery: a server that falls behind stretches the window.
    const window = Math.max(0.001, (lastDelivery - started) / 1000);
    return {
      offeredPerSec: total / ((sendEnded - started) / 1000),
      sent: total,
      delivered,
      duplicates,
      lost: total - delivered,
      echoes,
      refused,
      refusals,
      deliveredPerSec: delivered / window,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? NaN,
      driverLagP99: lag.percentile(99) / 1e6,
    };
  }

  get strayMessages(): number {
    return this.stray;
  }

  close(): void {
    for (const { a, b } of this.sockets) {
      a.disconnect();
      b.disconnect();
    }
    this.sockets = [];
  }
}
