import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TAX_PROFILE_MESSAGES,
  gstinCheckCharacter,
  maskAadhaar,
  maskGstin,
  maskPan,
  taxProfileProblem,
  verhoeffCheckDigit,
  type TaxEntityType,
  type TaxProfile,
} from '@cutroom/contracts';
import { editorTaxProfiles } from '../src/db/schema';
import { openJson } from '../src/lib/sealing';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { TEST_SEALING_KEY_HEX } from './helpers/tax';
import { createTestUser, type TestUser } from './helpers/users';

/** A valid GSTIN for a state and PAN (entity number 1). */
const gstinOf = (state: string, pan: string) => {
  const first14 = `${state}${pan}1Z`;
  return first14 + gstinCheckCharacter(first14);
};
/** A valid Aadhaar from eleven digits. */
const aadhaarOf = (eleven: string) => eleven + verhoeffCheckDigit(eleven);

// GSTN's own example: a firm's PAN and its GSTIN in Maharashtra (27).
const FIRM_PAN = 'AAPFU0939F';
const FIRM_GSTIN = '27AAPFU0939F1ZV';
const PERSON_PAN = 'ABCPE1234F';
const PERSON_GSTIN = gstinOf('29', PERSON_PAN);
const OTHER_FIRM_PAN = 'AAAFX1234Q';
const AADHAAR = aadhaarOf('23412341234');
const OTHER_AADHAAR = aadhaarOf('49911866524');

const key = Buffer.from(TEST_SEALING_KEY_HEX, 'hex');
const PATH = '/api/earnings/tax-profile';

const firm = {
  legalName: 'Unity Cuts LLP',
  entityType: 'firm',
  stateCode: '27',
  pan: FIRM_PAN,
  gstin: FIRM_GSTIN,
} as const;

/**
 * The editor's tax profile (issue 27): GET and PUT /api/earnings/tax-profile. Whole identifiers go in and
 * never come out (only masks, in the reply and in the database's readable columns); keep / remove / set per
 * identifier; every refusal is a readable 400 that stores nothing; only editors may read or write it.
 */
describe('tax profile: validated, masked, sealed, and only the editor’s', () => {
  let server: TestServer;
  let api: ApiClient;
  let creator: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    [creator, admin] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'admin'),
    ]);
  });
  afterAll(() => server?.close());

  const bareEditor = () => createTestUser(server.db, 'editor', { taxProfile: null });
  const put = (who: TestUser, body: unknown) => api.put(PATH, body, { token: who.token });
  const get = (who: TestUser) => api.get(PATH, { token: who.token });
  const rowOf = async (editor: TestUser) =>
    (await server.db.select().from(editorTaxProfiles).where(eq(editorTaxProfiles.editorId, editor.id)))[0] ??
    null;
  /** What is sealed in the row, opened with the server's key. */
  const opened = async (editor: TestUser) => {
    const row = await rowOf(editor);
    if (!row) return null;
    const open = (field: string, v: string | null) =>
      v === null ? null : openJson<string>(key, `tax:${editor.id}:${field}`, v);
    return {
      pan: open('pan', row.panSealed),
      aadhaar: open('aadhaar', row.aadhaarSealed),
      gstin: open('gstin', row.gstinSealed),
    };
  };
  /** Asserts the JSON of a reply holds none of the given identifiers (nor a PAN hidden in a GSTIN). */
  const holdsNoIdentifier = (body: unknown, ...ids: string[]) => {
    const json = JSON.stringify(body);
    for (const id of ids) expect(json, `reply leaks ${id}`).not.toContain(id);
  };

  it('answers null for an editor who has none, then saves a valid registered firm and shows only masks', async () => {
    const editor = await bareEditor();
    const empty = await get(editor);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ taxProfile: null });

    const saved = await put(editor, { ...firm, aadhaar: AADHAAR });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(TAX_PROFILE_MESSAGES.saved);
    const want: Partial<TaxProfile> = {
      legalName: 'Unity Cuts LLP',
      entityType: 'firm',
      stateCode: '27',
      stateName: 'Maharashtra',
      pan: maskPan(FIRM_PAN),
      aadhaar: maskAadhaar(AADHAAR),
      gstin: maskGstin(FIRM_GSTIN),
      registered: true,
    };
    expect(saved.body.taxProfile).toMatchObject(want);
    expect(saved.body.taxProfile.pan).toBe('••••••939F');
    expect(saved.body.taxProfile.gstin).toBe('27••••••••••1ZV');
    expect(Number.isNaN(Date.parse(saved.body.taxProfile.updatedAt))).toBe(false);
    holdsNoIdentifier(saved.body, FIRM_PAN, FIRM_GSTIN, AADHAAR, AADHAAR.slice(0, 8));

    const read = await get(editor);
    expect(read.status).toBe(200);
    expect(read.body.taxProfile).toEqual(saved.body.taxProfile);
    holdsNoIdentifier(read.body, FIRM_PAN, FIRM_GSTIN, AADHAAR, AADHAAR.slice(0, 8));
    expect(await opened(editor)).toEqual({ pan: FIRM_PAN, aadhaar: AADHAAR, gstin: FIRM_GSTIN });
  });

  it('keeps an identifier whose key is left out, removes one sent as null, sets one sent as a string', async () => {
    const editor = await bareEditor();
    expect((await put(editor, { ...firm, aadhaar: AADHAAR })).status).toBe(200);

    // Keep: only the name changes; every identifier left out stays as stored.
    const kept = await put(editor, { legalName: 'Unity Cuts Two LLP', entityType: 'firm', stateCode: '27' });
    expect(kept.status).toBe(200);
    expect(kept.body.taxProfile).toMatchObject({
      legalName: 'Unity Cuts Two LLP',
      pan: maskPan(FIRM_PAN),
      aadhaar: maskAadhaar(AADHAAR),
      gstin: maskGstin(FIRM_GSTIN),
      registered: true,
    });
    expect(await opened(editor)).toEqual({ pan: FIRM_PAN, aadhaar: AADHAAR, gstin: FIRM_GSTIN });

    // Remove: the GSTIN goes, the PAN and Aadhaar stay; the editor is no longer registered.
    const removed = await put(editor, {
      legalName: 'Unity Cuts LLP',
      entityType: 'firm',
      stateCode: '27',
      gstin: null,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.taxProfile).toMatchObject({
      pan: maskPan(FIRM_PAN),
      aadhaar: maskAadhaar(AADHAAR),
      gstin: null,
      registered: false,
    });
    expect(await opened(editor)).toEqual({ pan: FIRM_PAN, aadhaar: AADHAAR, gstin: null });
    const row = await rowOf(editor);
    expect(row!.gstinSealed).toBeNull();
    expect(row!.gstinMasked).toBeNull();

    // Set: a new Aadhaar replaces the old; the GSTIN comes back; then the Aadhaar is removed too.
    const set = await put(editor, {
      legalName: 'Unity Cuts LLP',
      entityType: 'firm',
      stateCode: '27',
      aadhaar: OTHER_AADHAAR,
      gstin: FIRM_GSTIN,
    });
    expect(set.status).toBe(200);
    expect(set.body.taxProfile).toMatchObject({ aadhaar: maskAadhaar(OTHER_AADHAAR), registered: true });
    expect(await opened(editor)).toEqual({ pan: FIRM_PAN, aadhaar: OTHER_AADHAAR, gstin: FIRM_GSTIN });
    const noAadhaar = await put(editor, {
      legalName: 'Unity Cuts LLP',
      entityType: 'firm',
      stateCode: '27',
      aadhaar: null,
    });
    expect(noAadhaar.status).toBe(200);
    expect(noAadhaar.body.taxProfile.aadhaar).toBeNull();
    expect(await opened(editor)).toEqual({ pan: FIRM_PAN, aadhaar: null, gstin: FIRM_GSTIN });
  });

  it('accepts identifiers typed in lower case with spaces and dashes, and stores them normalised', async () => {
    const editor = await bareEditor();
    const res = await put(editor, {
      legalName: '  Unity   Cuts LLP  ',
      entityType: 'firm',
      stateCode: '27',
      pan: ' aapfu 0939f ',
      aadhaar: `${AADHAAR.slice(0, 4)} ${AADHAAR.slice(4, 8)}-${AADHAAR.slice(8)}`,
      gstin: '27 aapfu-0939f 1zv',
    });
    expect(res.status).toBe(200);
    expect(res.body.taxProfile).toMatchObject({
      legalName: expect.stringMatching(/^Unity\s+Cuts LLP$/),
      pan: maskPan(FIRM_PAN),
      aadhaar: maskAadhaar(AADHAAR),
      gstin: maskGstin(FIRM_GSTIN),
    });
    expect(await opened(editor)).toEqual({ pan: FIRM_PAN, aadhaar: AADHAAR, gstin: FIRM_GSTIN });
  });

  it('checks the saved whole against stored values: a kept GSTIN must still match a new state and PAN', async () => {
    const editor = await bareEditor();
    expect((await put(editor, firm)).status).toBe(200);
    const before = await rowOf(editor);
    // Moving to Karnataka while keeping a Maharashtra GSTIN.
    const moved = await put(editor, { legalName: 'Unity Cuts LLP', entityType: 'firm', stateCode: '29' });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toBe(TAX_PROFILE_MESSAGES.gstinState('Maharashtra'));
    // Removing the PAN while keeping the GSTIN issued on it.
    const noPan = await put(editor, {
      legalName: 'Unity Cuts LLP',
      entityType: 'firm',
      stateCode: '27',
      pan: null,
    });
    expect(noPan.status).toBe(400);
    expect(noPan.body.message).toBe(TAX_PROFILE_MESSAGES.gstinNeedsPan);
    // Changing the PAN while keeping the GSTIN of the old one.
    const otherPan = await put(editor, {
      legalName: 'Unity Cuts LLP',
      entityType: 'firm',
      stateCode: '27',
      pan: OTHER_FIRM_PAN,
    });
    expect(otherPan.status).toBe(400);
    expect(otherPan.body.message).toBe(TAX_PROFILE_MESSAGES.gstinPan);
    // Becoming a company while keeping a firm's PAN.
    const company = await put(editor, {
      legalName: 'Unity Cuts LLP',
      entityType: 'company',
      stateCode: '27',
    });
    expect(company.status).toBe(400);
    expect(company.body.message).toBe(TAX_PROFILE_MESSAGES.panKind('Company'));
    expect(await rowOf(editor)).toEqual(before);
  });

  describe('refusals: a readable 400, nothing stored', () => {
    const person = { legalName: 'Ravi Kumar', entityType: 'individual', stateCode: '29', pan: PERSON_PAN };
    const ZERO_WIDTH = ['\u200B', '\u200C', '\u200D', '\u2060'];
    const CASES: [string, Record<string, unknown>, string | RegExp][] = [
      ['a PAN of a wrong shape', { ...person, pan: 'ABCDE1234F' }, TAX_PROFILE_MESSAGES.pan],
      ['a PAN one character short', { ...person, pan: 'ABCPE1234' }, TAX_PROFILE_MESSAGES.pan],
      [
        'an Aadhaar with a wrong check digit',
        { ...person, aadhaar: '234123412345' },
        TAX_PROFILE_MESSAGES.aadhaar,
      ],
      [
        'an Aadhaar starting with 1',
        { ...person, aadhaar: aadhaarOf('12341234123') },
        TAX_PROFILE_MESSAGES.aadhaar,
      ],
      [
        'a GSTIN with a wrong check character',
        { ...firm, gstin: `${FIRM_GSTIN.slice(0, 14)}W` },
        TAX_PROFILE_MESSAGES.gstin,
      ],
      [
        'a GSTIN of another state than the one chosen',
        { ...person, gstin: gstinOf('27', PERSON_PAN) },
        TAX_PROFILE_MESSAGES.gstinState('Maharashtra'),
      ],
      [
        'a GSTIN whose PAN is not the PAN given',
        { ...firm, gstin: gstinOf('27', OTHER_FIRM_PAN) },
        TAX_PROFILE_MESSAGES.gstinPan,
      ],
      ['a GSTIN without a PAN', { ...firm, pan: null }, TAX_PROFILE_MESSAGES.gstinNeedsPan],
      [
        'a person’s PAN for a company',
        { ...person, entityType: 'company' },
        TAX_PROFILE_MESSAGES.panKind('Company'),
      ],
      [
        'a firm’s PAN for an individual',
        { ...person, pan: FIRM_PAN },
        TAX_PROFILE_MESSAGES.panKind('Individual'),
      ],
      [
        'a company’s PAN for a HUF',
        { ...person, entityType: 'huf', pan: 'AAACR5055K' },
        TAX_PROFILE_MESSAGES.panKind('Hindu undivided family'),
      ],
      ['the retired state 25 (Daman and Diu)', { ...person, stateCode: '25' }, TAX_PROFILE_MESSAGES.state],
      [
        'the retired state 28 (undivided Andhra Pradesh)',
        { ...person, stateCode: '28' },
        TAX_PROFILE_MESSAGES.state,
      ],
      ['a state code that does not exist', { ...person, stateCode: '99' }, TAX_PROFILE_MESSAGES.state],
      ['a state code as a number', { ...person, stateCode: 29 }, TAX_PROFILE_MESSAGES.state],
      ['an unknown entity type', { ...person, entityType: 'trust' }, TAX_PROFILE_MESSAGES.entityType],
      ['an unknown key', { ...person, bankAccount: '1234' }, /bankAccount/],
      ['a legal name missing', { ...person, legalName: undefined }, /Legal name/],
      [
        'a legal name of one letter',
        { ...person, legalName: 'R' },
        /Legal name must be at least 2 characters/,
      ],
      [
        'a legal name of 121 characters',
        { ...person, legalName: 'R'.repeat(121) },
        /Legal name must be at most 120/,
      ],
      [
        'a legal name of only zero-width characters',
        { ...person, legalName: ZERO_WIDTH.join('').repeat(3) },
        /Legal name must be at least 2 characters/,
      ],
      [
        'a legal name of only spaces and a BOM',
        { ...person, legalName: ' \uFEFF \u00A0 ' },
        /Legal name must be at least 2 characters/,
      ],
      [
        'a legal name with half a character',
        { ...person, legalName: 'Ravi \ud800 Kumar' },
        /Legal name contains an invalid character/,
      ],
      [
        'a PAN with half a character',
        { ...person, pan: 'ABCPE\udfff1234F' },
        /PAN contains an invalid character/,
      ],
      [
        'a GSTIN with half a character',
        { ...firm, gstin: `\ud83d${FIRM_GSTIN}` },
        /GSTIN contains an invalid character/,
      ],
      ['a PAN with a NUL inside', { ...person, pan: 'ABCPE\u00001234F' }, /PAN|NUL/],
      [
        'an Aadhaar with a NUL inside',
        { ...person, aadhaar: `${AADHAAR.slice(0, 6)}\u0000${AADHAAR.slice(6)}` },
        /Aadhaar|NUL/,
      ],
      ...ZERO_WIDTH.map((z): [string, Record<string, unknown>, RegExp] => [
        `a PAN with U+${z.charCodeAt(0).toString(16).toUpperCase()} inside`,
        { ...person, pan: `ABCPE${z}1234F` },
        /PAN/,
      ]),
      ...ZERO_WIDTH.map((z): [string, Record<string, unknown>, RegExp] => [
        `a GSTIN with U+${z.charCodeAt(0).toString(16).toUpperCase()} inside`,
        { ...firm, gstin: `27AAPFU${z}0939F1ZV` },
        /GSTIN/,
      ]),
      ['a PAN of a million characters', { ...person, pan: 'A'.repeat(1_000_000) }, /PAN/],
      [
        'a legal name of a million characters',
        { ...person, legalName: 'R'.repeat(1_000_000) },
        /Legal name must be at most 120/,
      ],
      ['an identifier as a number', { ...person, aadhaar: Number(AADHAAR) }, /Aadhaar/],
      ['an identifier as an array', { ...person, pan: [PERSON_PAN] }, /PAN/],
    ];

    it.each(CASES)('refuses %s', async (_name, body, message) => {
      // Each case starts from a stored profile, so "nothing stored" means the row is exactly as it was.
      const editor = await createTestUser(server.db, 'editor', {
        taxProfile: { legalName: 'Before Save', entityType: 'individual', stateCode: '29', pan: PERSON_PAN },
      });
      const before = await rowOf(editor);
      const res = await put(editor, body);
      expect({ status: res.status, body: res.body }).toMatchObject({
        status: 400,
        body: { message: expect.any(String) },
      });
      if (typeof message === 'string') expect(res.body.message).toContain(message);
      else expect(res.body.message).toMatch(message);
      expect(res.body.message.length).toBeLessThan(200);
      expect(res.body.message).not.toMatch(/zod|ZodError|stack|\bat \w+ \(/i);
      expect(await rowOf(editor)).toEqual(before);
    });

    it('refuses a NUL inside the legal name with a 400, not a database error', async () => {
      const editor = await bareEditor();
      const res = await put(editor, { ...person, legalName: 'Ravi\u0000Kumar' });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/Legal name|NUL/);
      expect(await rowOf(editor)).toBeNull();
    });

    it('refuses a GSTIN when no PAN is stored and none is given (the key left out)', async () => {
      const editor = await bareEditor();
      const res = await put(editor, { ...person, pan: undefined, gstin: PERSON_GSTIN });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(TAX_PROFILE_MESSAGES.gstinNeedsPan);
      expect(await rowOf(editor)).toBeNull();
    });

    it('refuses a body over 1 MB as too large, and stores nothing', async () => {
      const editor = await bareEditor();
      const res = await put(editor, { ...person, legalName: 'R'.repeat(1024 * 1024 + 10) });
      expect(res.status).toBe(413);
      expect(res.body.message).toBe('The request is too large');
      expect(await rowOf(editor)).toBeNull();
    });

    it('refuses a body that is not JSON, or not an object', async () => {
      const editor = await bareEditor();
      for (const raw of ['{"legalName":', '[]', 'null', '"x"']) {
        const res = await fetch(`${server.url}${PATH}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${editor.token}` },
          body: raw,
        });
        const body = (await res.json()) as { message: string };
        expect({ raw, status: res.status }).toEqual({ raw, status: 400 });
        expect(typeof body.message).toBe('string');
      }
      expect(await rowOf(editor)).toBeNull();
    });

    it('a BOM (U+FEFF) inside an identifier is dropped with the spaces or refused, never stored', async () => {
      const editor = await bareEditor();
      const res = await put(editor, { ...person, pan: `ABCPE\uFEFF1234F` });
      expect([200, 400]).toContain(res.status);
      const stored = await opened(editor);
      if (res.status === 200) expect(stored!.pan).toBe(PERSON_PAN);
      else expect(stored).toBeNull();
    });
  });

  it('is editors’ only: creators and admins get 403, signed-out callers 401, and nothing is stored', async () => {
    const body = { legalName: 'Not An Editor', entityType: 'individual', stateCode: '29', pan: PERSON_PAN };
    for (const who of [creator, admin]) {
      expect((await get(who)).status).toBe(403);
      const res = await put(who, body);
      expect(res.status).toBe(403);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await api.get(PATH)).status).toBe(401);
    expect((await api.put(PATH, body)).status).toBe(401);
    expect((await api.get(PATH, { token: 'not-a-session' })).status).toBe(401);
    const stray = await server.db
      .select({ id: editorTaxProfiles.editorId })
      .from(editorTaxProfiles)
      .where(sql`${editorTaxProfiles.editorId} in (${creator.id}, ${admin.id})`);
    expect(stray).toEqual([]);
  });

  it('never shows one editor another’s profile', async () => {
    const [a, b] = await Promise.all([bareEditor(), bareEditor()]);
    expect((await put(a, { ...firm, aadhaar: AADHAAR })).status).toBe(200);
    const seenByB = await get(b);
    expect(seenByB.body).toEqual({ taxProfile: null });
  });

  it('holds no identifier in plain text in any column of editor_tax_profiles', async () => {
    const editor = await bareEditor();
    expect((await put(editor, { ...firm, aadhaar: AADHAAR })).status).toBe(200);
    const result = await server.db.execute(
      sql`select * from editor_tax_profiles where editor_id = ${editor.id}`,
    );
    const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    expect(rows).toHaveLength(1);
    const text = JSON.stringify(rows[0]);
    for (const id of [FIRM_PAN, FIRM_GSTIN, AADHAAR, FIRM_PAN.toLowerCase(), AADHAAR.slice(0, 8)]) {
      expect(text, `column holds ${id}`).not.toContain(id);
    }
    // Nor the same base64-encoded in a sealed column.
    for (const id of [FIRM_PAN, FIRM_GSTIN, AADHAAR]) {
      expect(text).not.toContain(Buffer.from(id).toString('base64').slice(0, 12));
      expect(text).not.toContain(Buffer.from(JSON.stringify(id)).toString('base64').slice(0, 12));
    }
    // And a sealed value copied to another editor's row does not open there.
    const row = (await rowOf(editor))!;
    expect(() => openJson(key, `tax:${creator.id}:pan`, row.panSealed!)).toThrow();
    expect(() => openJson(key, `tax:${editor.id}:aadhaar`, row.panSealed!)).toThrow();
  });

  describe('two saves at once end in one consistent profile', () => {
    const consistent = async (editor: TestUser) => {
      const row = (await rowOf(editor))!;
      const ids = (await opened(editor))!;
      expect(
        taxProfileProblem({ entityType: row.entityType as TaxEntityType, stateCode: row.stateCode, ...ids }),
      ).toBeNull();
      // The masks agree with the sealed values.
      expect(row.panMasked).toBe(ids.pan ? maskPan(ids.pan) : null);
      expect(row.aadhaarMasked).toBe(ids.aadhaar ? maskAadhaar(ids.aadhaar) : null);
      expect(row.gstinMasked).toBe(ids.gstin ? maskGstin(ids.gstin) : null);
      return { row, ids };
    };

    it('two whole, different profiles: the result is exactly one of them (×6)', async () => {
      const a = {
        legalName: 'Ravi Kumar',
        entityType: 'individual',
        stateCode: '29',
        pan: PERSON_PAN,
        gstin: PERSON_GSTIN,
        aadhaar: AADHAAR,
      };
      const b = { ...firm, aadhaar: null };
      for (let i = 0; i < 6; i++) {
        const editor = await bareEditor();
        const [ra, rb] = await Promise.all([put(editor, a), put(editor, b)]);
        expect([ra.status, rb.status]).toEqual([200, 200]);
        const { ids } = await consistent(editor);
        const final = (await get(editor)).body.taxProfile;
        const matchesA = ids.pan === PERSON_PAN && ids.gstin === PERSON_GSTIN && ids.aadhaar === AADHAAR;
        const matchesB = ids.pan === FIRM_PAN && ids.gstin === FIRM_GSTIN && ids.aadhaar === null;
        expect(matchesA || matchesB).toBe(true);
        expect(final.legalName).toBe(matchesA ? a.legalName : b.legalName);
      }
    });

    it('a GSTIN added while the PAN is removed: never a GSTIN without its PAN (×6)', async () => {
      for (let i = 0; i < 6; i++) {
        const editor = await createTestUser(server.db, 'editor', {
          taxProfile: { legalName: 'Unity Cuts LLP', entityType: 'firm', stateCode: '27', pan: FIRM_PAN },
        });
        const base = { legalName: 'Unity Cuts LLP', entityType: 'firm', stateCode: '27' };
        const [addGstin, dropPan] = await Promise.all([
          put(editor, { ...base, gstin: FIRM_GSTIN }),
          put(editor, { ...base, pan: null }),
        ]);
        // One of them may be refused (it saw the other's result), never both saved into a broken whole.
        expect([addGstin.status, dropPan.status]).toContain(200);
        for (const r of [addGstin, dropPan]) expect([200, 400]).toContain(r.status);
        await consistent(editor);
      }
    });

    it('the first save of two at once, each keeping what the other sets: neither is lost (×6)', async () => {
      for (let i = 0; i < 6; i++) {
        const editor = await bareEditor();
        const base = { legalName: 'Unity Cuts LLP', entityType: 'firm', stateCode: '27' };
        const [withIds, withAadhaar] = await Promise.all([
          put(editor, { ...base, pan: FIRM_PAN, gstin: FIRM_GSTIN }),
          put(editor, { ...base, aadhaar: AADHAAR }),
        ]);
        expect([withIds.status, withAadhaar.status]).toEqual([200, 200]);
        const { ids } = await consistent(editor);
        // In either order, keep semantics give the union: the later save keeps what the earlier set.
        expect(ids).toEqual({ pan: FIRM_PAN, aadhaar: AADHAAR, gstin: FIRM_GSTIN });
      }
    });
  });
});
