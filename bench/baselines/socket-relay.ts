// Baseline for chat: a bare Socket.IO relay in its own process. It speaks the same events as the real server
// (joinRoom, sendMessage → newMessage) but checks nothing and stores nothing; with REDIS_URL it fans out
// across instances through the same Redis Streams adapter the real server uses.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';

const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL) : null;
const http = createServer((req, res) => {
  res.writeHead(req.url === '/api/health' ? 200 : 404, { 'content-type': 'application/json' });
  res.end('{"status":"ok"}');
});
const io = new Server(http, {
  path: '/socket.io',
  transports: ['websocket'],
  serveClient: false,
  adapter: redis
    ? createAdapter(redis, {
        streamName: `${process.env.REDIS_PREFIX}:socket.io`,
        channelPrefix: `${process.env.REDIS_PREFIX}:socket.io`,
        sessionKeyPrefix: `${process.env.REDIS_PREFIX}:sio:session:`,
      })
    : undefined,
});

type Ack = (reply: unknown) => void;
io.on('connection', (socket) => {
  socket.on('joinRoom', (payload: { roomId: string }, ack?: Ack) => {
    void socket.join(String(payload.roomId));
    ack?.({ ok: true, data: {} });
  });
  socket.on('sendMessage', (payload: { chatRoom: string; content: string; clientId: string }, ack?: Ack) => {
    const message = {
      _id: randomUUID(),
      clientId: payload.clientId,
      chatRoom: payload.chatRoom,
      sender: { _id: socket.id, role: 'creator' },
      content: payload.content,
      kind: 'text',
      data: null,
      sentAt: new Date().toISOString(),
      read: false,
      readAt: null,
    };
    io.to(String(payload.chatRoom)).emit('newMessage', message);
    ack?.({ ok: true, data: message });
  });
});

http.listen(Number(process.env.PORT), '127.0.0.1');
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    io.close();
    redis?.disconnect();
    process.exit(0);
  });
}
