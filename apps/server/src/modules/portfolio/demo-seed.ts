import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { portfolioStructureInputSchema } from '@cutroom/contracts';
import { users } from '../../db/schema';
import type { SeedStep } from '../../lib/seeds';
import { createEditorAccount, hashPassword } from '../auth';
import { DEMO_EDITORS, type DemoEditor } from './demo-editors';
import { FFMPEG_PATH, mediaProcessor } from './media-processing';
import {
  deriveImages,
  insertSamples,
  removeFiles,
  saveStructure,
  storeSampleFile,
  type NewSample,
  type PortfolioContext,
} from './samples-service';

const run = promisify(execFile);

/** Demo editors sign in at /editor-login with their name and this password. */
export const DEMO_EDITOR_PASSWORD = 'demo-editor';

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A 1280×720 poster-like still, drawn locally (no downloads). */
function demoImage(title: string, seed: number): Promise<Buffer> {
  const hue = (seed * 53) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,42%)"/><stop offset="1" stop-color="hsl(${(hue + 70) % 360},65%,22%)"/>
    </linearGradient></defs>
    <rect width="1280" height="720" fill="url(#g)"/>
    <circle cx="${300 + ((seed * 97) % 700)}" cy="${200 + ((seed * 61) % 300)}" r="220" fill="white" fill-opacity="0.08"/>
    <rect x="80" y="500" width="1120" height="140" rx="24" fill="black" fill-opacity="0.35"/>
    <text x="120" y="590" font-family="DejaVu Sans" font-weight="bold" font-size="64" fill="white">${escapeXml(title)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/** A few short test clips (TOOLCHAIN.md's testsrc recipe, small and fast), made two at a time. */
async function demoClips(dir: string, log: FastifyInstance['log']): Promise<string[]> {
  const sources = ['testsrc2', 'testsrc', 'smptebars'];
  const make = async (src: string, i: number) => {
    const out = path.join(dir, `clip-${i}.mp4`);
    await run(FFMPEG_PATH, [
      ...['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', `${src}=duration=3:size=480x270:rate=24`],
      ...['-f', 'lavfi', '-i', `sine=frequency=${330 + i * 110}:duration=3`],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-preset', 'veryfast', '-crf', '30'],
      ...['-c:a', 'aac', '-b:a', '64k', '-shortest', '-movflags', '+faststart', out],
    ]);
    return out;
  };
  try {
    const first = await Promise.all(sources.slice(0, 2).map((s, i) => make(s, i)));
    return [...first, await make(sources[2]!, 2)];
  } catch (err) {
    log.warn({ err }, 'demo seed: could not make demo clips; editors get images only');
    return [];
  }
}

async function seedEditor(
  ctx: PortfolioContext,
  def: DemoEditor,
  passwordHash: string,
  createdAt: Date,
  media: { clips: string[]; seed: number },
): Promise<void> {
  const editorId = await createEditorAccount(ctx.db, { username: def.username, passwordHash, createdAt });
  if (def.structure) await saveStructure(ctx, editorId, portfolioStructureInputSchema.parse(def.structure));
  const samples: NewSample[] = [];
  try {
    for (const [i, s] of (def.samples ?? []).entries()) {
      const seed = media.seed + i;
      if (s.kind === 'video' && media.clips.length === 0) continue;
      const source =
        s.kind === 'image'
          ? Readable.from([await demoImage(s.title, seed)])
          : createReadStream(media.clips[seed % media.clips.length]!);
      const file = await storeSampleFile(
        ctx,
        editorId,
        `${s.title}.${s.kind === 'image' ? 'jpg' : 'mp4'}`,
        source,
      );
      samples.push({ tier: s.tier, tags: s.tags, file });
      await deriveImages(ctx, file, s.title, { poster: 'now' });
    }
    await insertSamples(ctx.db, editorId, samples);
  } catch (err) {
    await removeFiles(
      ctx,
      samples.map((s) => s.file),
    );
    throw err;
  }
}

/**
 * SEED_DEMO: on a marketplace with no editors yet, adds demo editors with real sample images and short
 * videos made on this machine, so a first `npm start` shows a living marketplace. Runs once: any editor
 * (demo or real, even deleted) means the marketplace is not empty.
 */
export const portfolioDemoStep: SeedStep = {
  name: 'portfolio demo editors',
  async run(app) {
    const [existing] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'editor'))
      .limit(1);
    if (existing) return;
    const started = Date.now();
    const ctx: PortfolioContext = {
      db: app.db,
      storage: app.storage,
      media: mediaProcessor(app.log),
      jobs: app.jobs,
      log: app.log,
    };
    const dir = await mkdtemp(path.join(tmpdir(), 'cutroom-demo-'));
    try {
      const [passwordHash, clips] = await Promise.all([
        hashPassword(DEMO_EDITOR_PASSWORD),
        ctx.media.hasFfmpeg ? demoClips(dir, app.log) : Promise.resolve([]),
      ]);
      // Oldest first, so the list (newest first) opens with the first editors above.
      const now = Date.now();
      await Promise.all(
        DEMO_EDITORS.map((def, i) =>
          seedEditor(ctx, def, passwordHash, new Date(now - i * 60_000), { clips, seed: i * 3 }),
        ),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    app.log.info(
      { editors: DEMO_EDITORS.length, ms: Date.now() - started },
      `demo editors added; they sign in at /editor-login with password "${DEMO_EDITOR_PASSWORD}"`,
    );
  },
};
