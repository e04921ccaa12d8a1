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
  /** Sends one message and waits for its acknowledgement. */
  send(socket: Socket, roomId: string, content: string, clientId: string): Promise<SendOutcome>;
  /** The content of a pushed newMessage payload. */
  read(payload: unknown): { content: string } | null;
}

export type SendOutcome = { ok: true } | { ok: false; error: string; timedOut: boolean };

interface Tracked {
  phase: string;
  pair: number;
  fromA: boolean;
  sentAt: number;
  /** performance.now() of the first copy at the other member. */
  deliveredAt: number;
  received: number;
  echoes: number;
  refused?: boolean;
}

export interface ChatPhaseResult {
  offeredPerSec: number;
  sent: number;
  /** Messages that reached the other member of the room at least once. */
  delivered: number;
  /** Messages neither delivered nor refused: accepted (or never answered) and not delivered in time. */
  /** Extra copies beyond the first at the other member. */
  duplicates: number;
  lost: number;
  /** Copies the sender got back of its own message (the server sends to the whole room). */
  echoes: number;
  /** Messages the server answered with a refusal (e.g. its per-socket rate limit), with the reasons. */
  refused: number;
  refusals: string[];
  /** Messages whose acknowledgement did not come within the client's timeout. */
  unacknowledged: number;
  /** Messages delivered to a socket of another room (must be 0). */
  leaks: number;
  /** Messages of an earlier phase that arrived during this one (a server still working off a backlog). */
  late: number;
  deliveredPerSec: number;
  p50: number;
  p99: number;
  max: number;
  /** p99 event-loop delay of this (client) process: how much of the latency the load generator adds. */
  driverLagP99: number;
  /** CPU ms this client process spent per message sent (the load generator shares the machine). */
  driverCpuPerMessage: number;
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

/**
 * Clients of a chat load test: two per room, every message tracked by its unique text, so each copy that
 * arrives is counted (delivered once, duplicated, echoed to its sender, leaked to another room, or late).
 */
export class ChatLoad {
  private sockets: { a: Socket; b: Socket }[] = [];
  private tracked = new Map<string, Tracked>();
  private phase = '';
  private leaks = 0;
  private late = 0;
  private lastReceipt = 0;
  private lostAt = new Map<string, Tracked[]>();

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
      this.lastReceipt = performance.now();
      const msg = this.protocol.read(payload);
      const t = msg ? this.tracked.get(msg.content) : undefined;
      if (!t || t.pair !== pair) {
        this.leaks++;
        return;
      }
      if (t.fromA === isA) {
        t.echoes++;
        return;
      }
      if (t.phase !== this.phase) {
        this.late++;
        t.received++; // still counted, so arrivedLate() sees it
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

  /** Waits until no message has arrived for `quietMs` (a server working off a backlog), at most `maxMs`. */
  async settle(quietMs = 2000, maxMs = 60_000): Promise<void> {
    const deadline = performance.now() + maxMs;
    while (performance.now() < deadline && performance.now() - this.lastReceipt < quietMs) await sleep(200);
  }

  /**
   * Offers `rate` messages per second for `seconds` (open loop: the schedule does not wait for replies),
   * alternating senders, then waits up to `drainMs` for the last deliveries, and counts every copy.
   */
  async run(label: string, rate: number, seconds: number, drainMs = 10_000): Promise<ChatPhaseResult> {
    this.phase = label;
    this.leaks = 0;
    this.late = 0;
    const phase: Tracked[] = [];
    const total = Math.round(rate * seconds);
    const refusals: string[] = [];
    let refused = 0;
    let unacknowledged = 0;
    let sent = 0;
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const cpu = process.cpuUsage();
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
        for (; sent < due; sent++) {
          const pair = sent % this.pairs.length;
          const fromA = Math.floor(sent / this.pairs.length) % 2 === 0;
          const content = `bench ${label} message ${letters(sent)} says hello`;
          const clientId = `bench-${label}-${sent}`.replace(/[^\w-]/g, '-');
          const t: Tracked = {
            phase: label,
            pair,
            fromA,
            sentAt: performance.now(),
            deliveredAt: 0,
            received: 0,
            echoes: 0,
          };
          this.tracked.set(content, t);
          phase.push(t);
          const { a, b } = this.sockets[pair]!;
          void this.protocol
            .send(fromA ? a : b, this.pairs[pair]!.roomId, content, clientId)
            .then((outcome) => {
              if (outcome.ok) return;
              if (outcome.timedOut) {
                unacknowledged++;
                return;
              }
              refused++;
              t.refused = true;
              if (!refusals.includes(outcome.error) && refusals.length < 3) refusals.push(outcome.error);
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
    const outstanding = () => phase.filter((t) => t.received === 0 && !t.refused).length;
    while (performance.now() < deadline && outstanding() > 0) await sleep(50);
    await sleep(300); // late duplicates and echoes
    lag.disable();
    const used = process.cpuUsage(cpu);

    let delivered = 0;
    let duplicates = 0;
    let echoes = 0;
    let lastDelivery = started;
    const latencies: number[] = [];
    const lostOnes: Tracked[] = [];
    for (const t of phase) {
      echoes += t.echoes;
      if (t.received === 0 && !t.refused) lostOnes.push(t);
      if (t.received === 0) continue;
      delivered++;
      duplicates += t.received - 1;
      latencies.push(t.deliveredAt - t.sentAt);
      lastDelivery = Math.max(lastDelivery, t.deliveredAt);
    }
    latencies.sort((x, y) => x - y);
    this.lostAt.set(label, lostOnes);
    // From here on, this phase's stragglers count as late (see arrivedLate).
    this.phase = `${label} (over)`;
    // From the first send to the last delivery: a server that falls behind stretches the window.
    const window = Math.max(seconds, (lastDelivery - started) / 1000);
    return {
      offeredPerSec: total / ((sendEnded - started) / 1000),
      sent: total,
      delivered,
      duplicates,
      lost: lostOnes.length,
      echoes,
      refused,
      refusals,
      unacknowledged,
      leaks: this.leaks,
      late: this.late,
      deliveredPerSec: delivered / window,
      p50: latencies.length ? percentile(latencies, 50) : Infinity,
      p99: latencies.length ? percentile(latencies, 99) : Infinity,
      max: latencies.at(-1) ?? Infinity,
      driverLagP99: lag.percentile(99) / 1e6,
      driverCpuPerMessage: (used.user + used.system) / 1000 / total,
    };
  }

  /**
   * Of a phase's messages counted lost, how many have arrived since (after its drain window): a server far
   * behind delivers late; a message that never arrives was dropped. Call after settle().
   */
  arrivedLate(label: string): number {
    let n = 0;
    for (const t of this.lostAt.get(label) ?? []) if (t.received > 0) n++;
    return n;
  }

  close(): void {
    for (const { a, b } of this.sockets) {
      a.disconnect();
      b.disconnect();
    }
    this.sockets = [];
  }
}
