import { useCallback, useEffect, useRef, useState } from 'react';
import { TYPING_IDLE_MS } from '@cutroom/contracts/limits';
import type { Role } from '@cutroom/contracts/roles';
import type { TypingEvent } from '@cutroom/contracts/chat';
import type { ChatSocket } from './use-chat-socket';

/** How often a long burst of typing is announced again, so the other side's indicator stays on. */
const TYPING_REPEAT_MS = 1000;

/**
 * The typist's side: `typing` at the first keystroke (repeated while typing goes on), `stopTyping`
 * TYPING_IDLE_MS (2 s) after the last keystroke, on sending, and on leaving the room.
 */
export function useTypingSender(socket: ChatSocket | null, roomId: string, me: string) {
  const lastSent = useRef(0);
  const idle = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stop = useCallback(() => {
    if (idle.current) clearTimeout(idle.current);
    idle.current = null;
    if (lastSent.current && socket) socket.emit('stopTyping', { roomId, user: me });
    lastSent.current = 0;
  }, [socket, roomId, me]);

  const keystroke = useCallback(() => {
    if (!socket) return;
    const now = Date.now();
    if (now - lastSent.current > TYPING_REPEAT_MS) {
      socket.emit('typing', { roomId, user: me });
      lastSent.current = now;
    }
    if (idle.current) clearTimeout(idle.current);
    idle.current = setTimeout(stop, TYPING_IDLE_MS);
  }, [socket, roomId, me, stop]);

  useEffect(() => stop, [stop]);
  return { keystroke, stop };
}

/** The reader's side: whether someone of the other role is typing in this room (SPEC.md §4). */
export function useOtherTyping(socket: ChatSocket | null, roomId: string, myRole: Role): boolean {
  const [typing, setTyping] = useState(false);

  useEffect(() => {
    if (!socket) return;
    let fallback: ReturnType<typeof setTimeout> | null = null;
    const relevant = (e: TypingEvent) => e.roomId === roomId && e.role !== myRole;
    const onTyping = (e: TypingEvent) => {
      if (!relevant(e)) return;
      setTyping(true);
      // If the stopTyping is lost with a dropped connection, the indicator still goes away.
      if (fallback) clearTimeout(fallback);
      fallback = setTimeout(() => setTyping(false), TYPING_IDLE_MS + TYPING_REPEAT_MS);
    };
    const onStop = (e: TypingEvent) => {
      if (!relevant(e)) return;
      if (fallback) clearTimeout(fallback);
      setTyping(false);
    };
    socket.on('typing', onTyping);
    socket.on('stopTyping', onStop);
    return () => {
      if (fallback) clearTimeout(fallback);
      socket.off('typing', onTyping);
      socket.off('stopTyping', onStop);
      setTyping(false);
    };
  }, [socket, roomId, myRole]);

  return typing;
}
