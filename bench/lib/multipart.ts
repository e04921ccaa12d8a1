import { randomBytes } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';

export interface MultipartFile {
  field: string;
  path: string;
  filename: string;
  contentType: string;
}

/**
 * Sends text fields and one file as multipart/form-data, streaming the file from disk in 1 MiB reads
 * with a Content-Length, as a browser does. (fetch + FormData tops out near 70 MB/s here, below the
 * server: the client must not be the bottleneck.)
 */
export function sendMultipart(opts: {
  url: string;
  method: string;
  fields: Record<string, string>;
  file: MultipartFile;
  headers?: Record<string, string>;
  timeoutMs: number;
}): Promise<{ status: number; body: string }> {
  const boundary = `----cutroom-bench-${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(opts.fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    parts.join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="${opts.file.field}"; filename="${opts.file.filename}"\r\n` +
      `Content-Type: ${opts.file.contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = statSync(opts.file.path).size;
  return new Promise((resolve, reject) => {
    const req = http.request(
      opts.url,
      {
        method: opts.method,
        headers: {
          ...opts.headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + size + tail.length),
        },
        timeout: opts.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`upload timed out after ${opts.timeoutMs} ms`)));
    req.on('error', reject);
    req.write(head);
    const file = createReadStream(opts.file.path, { highWaterMark: 1024 * 1024 });
    file.on('error', (err) => req.destroy(err));
    // A server that answers early (413, 400) stops reading: stop sending too.
    req.on('response', () => file.destroy());
    file.pipe(req, { end: false });
    file.on('end', () => req.end(tail));
  });
}
