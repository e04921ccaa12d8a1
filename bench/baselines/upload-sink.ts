// Second baseline for uploads: a bare Fastify + @fastify/multipart route that streams each file to disk and
// does nothing else, in its own process. It separates the cost of HTTP and multipart from the app's own.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import Fastify from 'fastify';

const dir = process.env.SINK_DIR!;
const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
await app.register(fastifyMultipart, { limits: { fileSize: 101 * 1024 * 1024, files: 20 } });
app.get('/api/health', async () => ({ status: 'ok' }));
app.patch('/*', async (request) => {
  let files = 0;
  let bytes = 0;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    const file = path.join(dir, randomUUID());
    part.file.on('data', (chunk: Buffer) => (bytes += chunk.length));
    await pipeline(part.file, createWriteStream(file));
    files++;
  }
  return { uploaded: files, bytes };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
