import { createReadStream, mkdirSync, statSync } from 'node:fs';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';
import { spawnNode } from './lib/processes';
mkdirSync('/tmp/sinkdir', { recursive: true });
const file = '/tmp/cutroom-bench-cache/clip-10485760.mp4';
const size = statSync(file).size;
const sink = await spawnNode('bench/baselines/upload-sink.ts', {
  name: 's',
  readyPath: '/api/health',
  env: { SINK_DIR: '/tmp/sinkdir' },
});
for (let i = 0; i < 3; i++) {
  const boundary = '----bench' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="basic_0"; filename="x.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const t = performance.now();
  const body = await new Promise<string>((resolve, reject) => {
    const req = http.request(
      sink.url + '/u',
      {
        method: 'PATCH',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
        },
      },
      (res) => {
        let s = '';
        res.on('data', (c) => (s += c));
        res.on('end', () => resolve(s));
      },
    );
    req.on('error', reject);
    req.write(head);
    const rs = createReadStream(file, { highWaterMark: 1 << 20 });
    rs.pipe(req, { end: false });
    rs.on('end', () => req.end(tail));
  });
  console.log('http.request', body, (size / 1048576 / ((performance.now() - t) / 1000)).toFixed(1), 'MB/s');
}
await sink.stop();
void pipeline;
