import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { TierTitle } from '@cutroom/contracts';
import type { ApiClient } from './helpers/http';

export interface UploadEntry {
  tier: TierTitle;
  index: number;
  name: string;
  bytes: Buffer | Blob;
  type?: string;
  tags?: string[];
}

/** The form the edit-editor page sends: `{tier}_{index}` files and `{tier}_sample_{index}_tags`. */
export function sampleForm(entries: UploadEntry[]): FormData {
  const form = new FormData();
  for (const e of entries) {
    if (e.tags) form.append(`${e.tier}_sample_${e.index}_tags`, JSON.stringify(e.tags));
    const blob =
      e.bytes instanceof Blob ? e.bytes : new Blob([new Uint8Array(e.bytes)], { type: e.type ?? '' });
    form.append(`${e.tier}_${e.index}`, blob, e.name);
  }
  return form;
}

export const STRUCTURE = {
  whatsIncluded: ['Background Music', 'Revisions'],
  tiers: [
    {
      title: 'basic',
      description: 'Quick cuts for reels',
      features: ['1 revision', 'Trimming & cutting'],
      pricing: [{ reelCount: 1, priceMin: 999 }],
      deliveryDays: 3,
      revisions: 1,
    },
    {
      title: 'pro',
      description: 'Everything',
      features: ['VFX & compositing', 'Express delivery'],
      pricing: [{ reelCount: 3, priceMin: 4999, priceMax: 7999 }],
      deliveryDays: 4,
      revisions: 1,
    },
  ],
};

export async function saveStructure(api: ApiClient, adminToken: string, editorId: string, body = STRUCTURE) {
  const res = await api.patch(`/api/admin/editors/${editorId}/portfolio/structure`, body, {
    token: adminToken,
  });
  if (res.status !== 200) throw new Error(`structure: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Every file under a directory (recursively), as paths relative to it; [] when it does not exist. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)));
}
