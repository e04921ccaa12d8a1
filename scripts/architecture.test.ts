import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_MODULE_LAYERS } from '../eslint/server-architecture.js';
import { FEATURES } from '../eslint/web-architecture.js';

// ARCHITECTURE.md is the map of the code: this keeps it from drifting away from the tree.
const root = path.resolve(import.meta.dirname, '..');
const map = readFileSync(path.join(root, 'ARCHITECTURE.md'), 'utf8');

function section(heading: string): string {
  const start = map.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`ARCHITECTURE.md has no "${heading}" section`);
  const next = map.slice(start + heading.length + 2).search(/\n#{1,3} /);
  return next < 0 ? map.slice(start) : map.slice(start, start + heading.length + 2 + next);
}

/** Rows of the first table in a section: the first cell's `code` name and the second cell. */
function tableRows(text: string): { name: string; second: string }[] {
  return [...text.matchAll(/^\| `([^`]+)`\s*\|\s*([^|]*?)\s*\|/gm)].map((m) => ({
    name: m[1]!,
    second: m[2]!,
  }));
}

const dirs = (p: string) =>
  readdirSync(path.join(root, p)).filter((n) => statSync(path.join(root, p, n)).isDirectory());

describe('ARCHITECTURE.md matches the code', () => {
  const listed = tableRows(section('### Modules'));

  it('lists every server module, and only those that exist', () => {
    expect(listed.map((r) => r.name).sort()).toEqual(dirs('apps/server/src/modules').sort());
  });

  it('gives each module the layer the lint rules enforce', () => {
    const layerOf = Object.fromEntries(
      SERVER_MODULE_LAYERS.flatMap((names, i) => names.map((n) => [n, String(i)])),
    );
    expect(Object.fromEntries(listed.map((r) => [r.name, r.second]))).toEqual(layerOf);
  });

  it('puts every server module under the lint rules', () => {
    expect(SERVER_MODULE_LAYERS.flat().sort()).toEqual(dirs('apps/server/src/modules').sort());
  });

  it('gives every module a face', () => {
    for (const name of dirs('apps/server/src/modules')) {
      expect(statSync(path.join(root, 'apps/server/src/modules', name, 'index.ts')).isFile()).toBe(true);
    }
  });

  it('lists every domain event with its emitter and listeners', () => {
    const declared = [
      ...readFileSync(path.join(root, 'apps/server/src/events/map.ts'), 'utf8').matchAll(
        /^\s+'([a-z_.]+)': \w+;$/gm,
      ),
    ].map((m) => m[1]);
    expect(declared.length).toBeGreaterThan(0);
    expect(
      tableRows(section('### Domain events'))
        .map((r) => r.name)
        .sort(),
    ).toEqual(declared.sort());
  });

  it('lists every web feature with the features the lint rules let it import', () => {
    const rows = tableRows(section('## The web app'));
    expect(rows.map((r) => r.name).sort()).toEqual(dirs('apps/web/src/features').sort());
    const allowed = (cell: string) => (cell === '—' ? [] : cell.split(',').map((n) => n.trim()));
    expect(Object.fromEntries(rows.map((r) => [r.name, allowed(r.second)]))).toEqual(FEATURES);
  });
});
