import type { BenchContext } from './lib/benchmark';
import { ChatLoad, type ChatPair, type ChatPhaseResult, type ChatProtocol } from './lib/chat-load';
import { CpuMeter, postgresBackends } from './lib/cpu';
import { int, sig } from './lib/format';
import type { NodeProcess } from './lib/processes';

// Driving one system under test (the relay or the real servers, however started) through the chat
// benchmark's phases and reporting each; chat.ts starts the systems and compares them.

type AckReply = { ok: true; data?: unknown } | { ok: false; error?: string };

/** The real server's events (packages/contracts CHAT_CLIENT_EVENTS); the relay speaks the same. */
const protocol: ChatProtocol = {
  async join(socket, roomId, userId) {
    const reply = (await socket.timeout(15_000).emitWithAck('joinRoom', { roomId, userId })) as AckReply;
    if (!reply.ok) throw new Error(`joinRoom refused: ${reply.error}`);
  },
  async send(socket, roomId, content, clientId) {
    try {
      const reply = (await socket
        .timeout(15_000)
        .emitWithAck('sendMessage', { clientId, chatRoom: roomId, content })) as AckReply;
      return reply.ok ? { ok: true } : { ok: false, error: reply.error ?? 'refused', timedOut: false };
    } catch (err) {
      return { ok: false, error: (err as Error).message, timedOut: true };
    }
  },
  read(payload) {
    const p = payload as { content?: unknown; chatRoom?: unknown };
    return typeof p?.content === 'string' ? { content: p.content, roomId: String(p.chatRoom) } : null;
  },
};

export interface Plan {
  pairs: number;
  rate: number;
  seconds: number;
  warmupSeconds: number;
  /** Lower offered rates tried after the main phase on the real server, to find what it sustains. */
  capacitySteps: number[];
}

function reportPhase(ctx: BenchContext, label: string, r: ChatPhaseResult) {
  ctx.report.figure(
    `${label} delivered msgs/s`,
    r.deliveredPerSec,
    'msgs/s',
    `offered ${int(r.offeredPerSec)}/s`,
  );
  ctx.report.figure(
    `${label} send→receive p99`,
    r.p99,
    'ms',
    `p50 ${r.p50.toFixed(1)} ms, max ${r.max.toFixed(0)} ms; clients: loop lag p99 ${r.driverLagP99.toFixed(0)} ms, ` +
      `CPU ${sig(r.driverCpuPerMessage)} ms/message`,
  );
  ctx.report.check(
    `${label}: no message lost or duplicated`,
    r.lost === 0 && r.duplicates === 0,
    `${int(r.sent)} sent, ${int(r.delivered)} delivered once, ${int(r.lost)} lost, ${r.duplicates} duplicates` +
      (r.unacknowledged ? `, ${int(r.unacknowledged)} acks later than 15 s` : '') +
      `; ${int(r.echoes)} echoes to senders` +
      (r.late ? `; ${int(r.late)} late from the warm-up` : ''),
  );
  ctx.report.check(
    `${label}: no message refused`,
    r.refused === 0,
    r.refused ? `${int(r.refused)} refused: ${r.refusals.join('; ')}` : 'none',
  );
  ctx.report.check(`${label}: no message reached another room`, r.leaks === 0, `${r.leaks} misdelivered`);
}

/** Every message of the phase delivered once and none refused: its CPU per message means something. */
const handledAll = (r: ChatPhaseResult) => r.lost === 0 && r.duplicates === 0 && r.refused === 0;
/** True when the server kept up: nothing lost or refused, and p99 under the target. */
const keptUp = (r: ChatPhaseResult) => r.lost === 0 && r.duplicates === 0 && r.refused === 0 && r.p99 < 100;

interface Processes {
  servers: NodeProcess[];
  databaseUrl?: string;
}

export interface ChatOutcome extends ChatPhaseResult {
  /** CPU ms per message sent in the measured phase (until the server went quiet), servers and PostgreSQL. */
  serverCpuPerMessage: number;
  databaseCpuPerMessage: number;
}

export async function drive(
  ctx: BenchContext,
  label: string,
  plan: Plan,
  pairs: ChatPair[],
  processes: Processes,
  capacitySteps: number[] = [],
): Promise<ChatOutcome> {
  const load = new ChatLoad(pairs, protocol);
  const serverCpu = new CpuMeter(() => processes.servers.map((p) => p.pid));
  const databaseCpu = new CpuMeter(() =>
    processes.databaseUrl ? postgresBackends(processes.databaseUrl) : [],
  );
  /** One phase, then quiet; with its CPU per message (meaningful only when every message was handled). */
  const measured = async (name: string, rate: number, seconds: number) => {
    await Promise.all([serverCpu.start(), databaseCpu.start()]);
    const phase = await load.run(name, rate, seconds);
    await load.settle();
    const [serverMs, databaseMs] = await Promise.all([serverCpu.stop(), databaseCpu.stop()]);
    return {
      ...phase,
      serverCpuPerMessage: serverMs / phase.sent,
      databaseCpuPerMessage: databaseMs / phase.sent,
    };
  };
  try {
    const started = Date.now();
    await load.connect();
    ctx.report.note(
      `${label}: ${int(pairs.length * 2)} clients connected and joined in ${Date.now() - started} ms`,
    );
    if (plan.warmupSeconds > 0) {
      // A gentle warm-up: an overloaded server would still be working off its backlog afterwards.
      await load.run(
        `${label}-warmup`,
        Math.min(plan.rate, capacitySteps[0] ?? plan.rate),
        plan.warmupSeconds,
      );
      await load.settle();
    }
    // First how far the server keeps up, rising until a rate fails (after a failure the server is busy
    // with its backlog for a long time, so nothing but the main phase runs after it).
    let cleanest: ChatOutcome | undefined;
    let sustained = 0;
    for (const rate of capacitySteps) {
      const step = await measured(`${label}-at-${rate}`, rate, 8);
      ctx.report.note(
        `  at ${int(rate)} msgs/s offered: ${int(step.deliveredPerSec)} delivered/s, p99 ${step.p99.toFixed(0)} ms, ` +
          `${int(step.lost)} lost, ${int(step.refused)} refused, CPU ${sig(step.serverCpuPerMessage + step.databaseCpuPerMessage)} ms/message`,
      );
      if (handledAll(step)) cleanest = step;
      if (!keptUp(step)) break;
      sustained = rate;
    }
    if (capacitySteps.length) {
      ctx.report.figure(
        `${label} highest rate kept up (p99 < 100 ms, no loss)`,
        sustained,
        'msgs/s',
        `steps ${capacitySteps.join(', ')}`,
      );
    }
    const result = await measured(label, plan.rate, plan.seconds);
    reportPhase(ctx, label, result);
    if (result.lost > 0) {
      ctx.report.note(
        `  of the ${int(result.lost)} not delivered within 10 s of the last send, ${int(load.arrivedLate(label))} ` +
          'arrived later (a backlog, not a drop)',
      );
    }
    // CPU per message where every message was handled: the main phase if it kept up, else the best step.
    const clean = handledAll(result) || !cleanest ? result : cleanest;
    const cpuFrom = handledAll(clean)
      ? `at ${int(clean.offeredPerSec)} msgs/s offered`
      : 'over a phase the server did not finish: a lower bound';
    result.serverCpuPerMessage = clean.serverCpuPerMessage;
    result.databaseCpuPerMessage = clean.databaseCpuPerMessage;
    ctx.report.figure(
      `${label} CPU per message`,
      result.serverCpuPerMessage + result.databaseCpuPerMessage,
      'ms',
      `${cpuFrom}; server${processes.servers.length > 1 ? 's' : ''} ${sig(result.serverCpuPerMessage)} ms` +
        (processes.databaseUrl ? ` + PostgreSQL ${sig(result.databaseCpuPerMessage)} ms` : ''),
    );
    return result;
  } finally {
    load.close();
  }
}

/** Creators on the first instance, editors on the last: with two instances every message crosses Redis. */
export function layout(
  ids: { roomId: string; a: { id: string; token?: string }; b: { id: string; token?: string } }[],
  servers: NodeProcess[],
): ChatPair[] {
  return ids.map((p) => ({
    roomId: p.roomId,
    a: { userId: p.a.id, token: p.a.token, url: servers[0]!.url },
    b: { userId: p.b.id, token: p.b.token, url: servers[servers.length - 1]!.url },
  }));
}
