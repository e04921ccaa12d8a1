import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type { ChatAck, ChatClientToServerEvents, ChatServerToClientEvents } from '@cutroom/contracts';

/** Real Socket.IO clients for the chat tests, speaking exactly as the web app does (websocket only). */
export type ChatClient = Socket<ChatServerToClientEvents, ChatClientToServerEvents>;

export async function connectChat(
  url: string,
  token: string | undefined,
  opts: { reconnection?: boolean; reconnectionDelay?: number } = {},
): Promise<ChatClient> {
  const socket: ChatClient = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: token ? { token } : {},
    forceNew: true,
    reconnection: opts.reconnection ?? false,
    reconnectionDelay: opts.reconnectionDelay ?? 100,
    reconnectionDelayMax: opts.reconnectionDelay ?? 200,
    randomizationFactor: 0,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
  return socket;
}

/** Emits and waits for the acknowledgement. */
export async function ask<T = any>(socket: ChatClient, event: string, payload: unknown): Promise<ChatAck<T>> {
  return (socket as unknown as Socket).timeout(5000).emitWithAck(event, payload) as Promise<ChatAck<T>>;
}

/** The next event of that name (matching the predicate), or a rejection after the timeout. */
export function nextEvent<T = any>(
  socket: ChatClient,
  event: string,
  match: (payload: T) => boolean = () => true,
  timeoutMs = 5000,
): Promise<T> {
  const s = socket as unknown as Socket;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      s.off(event, listener);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      s.off(event, listener);
      resolve(payload);
    };
    s.on(event, listener);
  });
}

/** Every event of that name received from now on (for "exactly once" and "never" checks). */
export function collect<T = any>(socket: ChatClient, event: string): T[] {
  const seen: T[] = [];
  (socket as unknown as Socket).on(event, (payload: T) => seen.push(payload));
  return seen;
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const clientId = () => randomUUID();
