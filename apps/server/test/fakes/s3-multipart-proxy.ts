import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface Part {
  partNumber: number;
  etag: string;
  size: number;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const NS = 'xmlns="http://s3.amazonaws.com/doc/2006-03-01/"';

/**
 * In front of s3rver, the S3 calls it lacks and @tus/s3-store makes: ListParts (how far a multipart
 * upload has come, to resume it), AbortMultipartUpload and ListMultipartUploads. Everything else goes
 * through unchanged (signatures included: the Host header is kept); the parts s3rver accepted are
 * recorded from its replies, so ListParts answers what the store really holds.
 */
export async function startS3MultipartProxy(
  target: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const uploads = new Map<string, Part[]>();
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://proxy');
    const uploadId = url.searchParams.get('uploadId');
    const partNumber = url.searchParams.get('partNumber');
    const [, bucket = '', ...keyParts] = url.pathname.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    if (req.method === 'GET' && uploadId && !partNumber) {
      const parts = uploads.get(uploadId) ?? [];
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        xml(
          `<ListPartsResult ${NS}><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId>` +
            `<IsTruncated>false</IsTruncated>` +
            parts
              .map(
                (p) =>
                  `<Part><PartNumber>${p.partNumber}</PartNumber><ETag>${p.etag}</ETag><Size>${p.size}</Size></Part>`,
              )
              .join('') +
            `</ListPartsResult>`,
        ),
      );
      req.resume();
      return;
    }
    if (req.method === 'DELETE' && uploadId) {
      uploads.delete(uploadId);
      res.writeHead(204).end();
      req.resume();
      return;
    }
    if (req.method === 'GET' && url.searchParams.has('uploads') && !key) {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        xml(
          `<ListMultipartUploadsResult ${NS}><Bucket>${bucket}</Bucket><IsTruncated>false</IsTruncated></ListMultipartUploadsResult>`,
        ),
      );
      req.resume();
      return;
    }
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (up) => {
        if (req.method === 'PUT' && uploadId && partNumber && up.statusCode === 200) {
          const parts = (uploads.get(uploadId) ?? []).filter((p) => p.partNumber !== Number(partNumber));
          parts.push({
            partNumber: Number(partNumber),
            etag: String(up.headers.etag ?? ''),
            size: Number(req.headers['content-length'] ?? 0),
          });
          uploads.set(
            uploadId,
            parts.sort((a, b) => a.partNumber - b.partNumber),
          );
        }
        if (req.method === 'POST' && uploadId && up.statusCode === 200) uploads.delete(uploadId);
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    forward.on('error', (err) => res.destroy(err));
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
