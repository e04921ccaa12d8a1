import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { Storage } from '../../lib/storage';
import type { OrderFileRow } from './records';

/** A name safe as a zip entry on every system: no separators, reserved characters or dot-only names. */
function entryName(name: string): string {
  const safe = name.replace(/[\\/:*?"<>|\p{Cc}]/gu, '_').trim();
  return /^\.*$/.test(safe) ? '_' : safe;
}

/** `footage/…` and `deliveries/…`, a name seen twice in a folder numbered: "clip (2).mov". */
export function archiveEntries(files: readonly Pick<OrderFileRow, 'kind' | 'name'>[]): string[] {
  const seen = new Set<string>();
  return files.map((f) => {
    const folder = f.kind === 'footage' ? 'footage' : 'deliveries';
    const name = entryName(f.name);
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let entry = `${folder}/${name}`;
    for (let n = 2; seen.has(entry.toLowerCase()); n++) entry = `${folder}/${stem} (${n})${ext}`;
    seen.add(entry.toLowerCase());
    return entry;
  });
}

/**
 * The order's ready files as one zip, streamed: each file is read from storage only when its turn comes,
 * stored without compression (video does not compress, and the size is then known in advance), ZIP64
 * past 4 GB. Resolves with the stream and its exact length.
 */
export async function orderArchive(
  storage: Storage,
  files: readonly (OrderFileRow & { storageKey: string })[],
): Promise<{ stream: Readable; size: number }> {
  const zip = new ZipFile();
  const entries = archiveEntries(files);
  files.forEach((file, i) => {
    zip.addReadStreamLazy(
      entries[i]!,
      { size: file.sizeBytes, compress: false, mtime: file.completedAt ?? file.createdAt },
      (done) => {
        storage.get('private', file.storageKey).then(
          (object) =>
            object ? done(null, object.body) : done(new Error(`${file.id} is missing from storage`), null!),
          (err: unknown) => done(err, null!),
        );
      },
    );
  });
  // yazl tells the length at once when every entry's size is known (always here); -1 if it cannot.
  const size = await new Promise<number>((resolve) => {
    // (@types/yazl leaves out the callback's argument.)
    const told = ((total: number) => resolve(total)) as () => void;
    zip.end(undefined, told);
    setImmediate(() => resolve(-1));
  });
  return { stream: zip.outputStream as Readable, size };
}
