import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  PORTFOLIO_MESSAGES,
  type AdminEditor,
  type AdminEditorDetail,
  type AdminEditorListReply,
  type Editor,
  type EditorListReply,
  type EditorFilters,
  type EditorSummary,
  type PageQuery,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { editorPortfolios, portfolioSamples, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import { removeEditorAccount, renameEditorAccount } from '../auth';
import { containsPattern, isUuid, toPortfolio } from './shape';
import {
  catalogueCountsQuery,
  cataloguePageQuery,
  catalogueSearchQuery,
  hasWords,
  type CatalogueRequest,
} from './catalogue-query';
import { catalogueColumns, responseMinutes, toCatalogueFields } from './catalogue-shape';
import { refreshCatalogueFields, rescoreEditor } from './catalogue-fields';
export { refreshCatalogueFields };

const liveEditor = and(eq(users.role, 'editor'), isNull(users.deletedAt))!;

/** Name or tag, case-insensitive, anywhere in the text: LIKE on users.search_text uses its trigram index. */
const matchesSearch = (query: string): SQL => sql`${users.searchText} like ${containsPattern(query)}`;

const DEFAULT_FILTERS: EditorFilters = { sort: 'recommended', tags: [] };

/**
 * Editors by id, in the order given, with portfolios, samples, photo, badge, rating and track record:
 * four queries for the whole page, whatever its size.
 */
async function editorsById(db: Db, ids: string[]): Promise<Editor[]> {
  if (ids.length === 0) return [];
  const [rows, portfolios, samples, responses] = await Promise.all([
    db.select(catalogueColumns).from(users).where(inArray(users.id, ids)),
    db.select().from(editorPortfolios).where(inArray(editorPortfolios.editorId, ids)),
    db
      .select()
      .from(portfolioSamples)
      .where(inArray(portfolioSamples.editorId, ids))
      .orderBy(portfolioSamples.createdAt, portfolioSamples.id),
    responseMinutes(db, ids),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        _id: r.id,
        username: r.username,
        portfolio: toPortfolio(
          portfolios.find((p) => p.editorId === r.id),
          samples.filter((s) => s.editorId === r.id),
        ),
        ...toCatalogueFields(r, responses.get(r.id) ?? null),
      },
    ];
  });
}

/** The three counts of SPEC.md §2 over every matching editor: one pass over users, no join. */
async function countMatches(
  db: Db,
  request: Pick<CatalogueRequest, 'query' | 'filters'>,
): Promise<EditorSummary> {
  const result = await db.execute(catalogueCountsQuery(request));
  const [row] = (result as unknown as { rows: CountsRow[] }).rows;
  return toSummary(row);
}

interface CountsRow {
  available: string | number;
  with_portfolios: string | number;
  total_samples: string | number;
}
interface SearchRow extends CountsRow {
  id: string | null;
}

const toSummary = (row: CountsRow | undefined): EditorSummary => ({
  availableEditors: Number(row?.available ?? 0),
  editorsWithPortfolios: Number(row?.with_portfolios ?? 0),
  totalSamples: Number(row?.total_samples ?? 0),
});

/**
 * The page's ids and the counts. Without search words, the page is an index walk in the sort's order and
 * the counts a separate pass (in parallel); with words, both come from one pass over the trigram matches.
 */
async function pageAndSummary(
  db: Db,
  request: CatalogueRequest,
): Promise<{ ids: string[]; summary: EditorSummary }> {
  if (!hasWords(request.query)) {
    const [result, summary] = await Promise.all([
      db.execute(cataloguePageQuery(request)),
      countMatches(db, request),
    ]);
    return { ids: (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id), summary };
  }
  const result = await db.execute(catalogueSearchQuery(request));
  const found = (result as unknown as { rows: SearchRow[] }).rows;
  return { ids: found.flatMap((r) => (r.id ? [r.id] : [])), summary: toSummary(found[0]) };
}

/**
 * The public list (GET /users/editors) or its search (`query` with words: an editor matches when every
 * word is in its name or tags), filtered and sorted as asked.
 */
export async function listEditors(
  db: Db,
  page: PageQuery,
  query = '',
  filters: EditorFilters = DEFAULT_FILTERS,
): Promise<EditorListReply> {
  const { ids, summary } = await pageAndSummary(db, { page, query: query.trim(), filters });
  const total = summary.availableEditors;
  return {
    data: await editorsById(db, ids),
    page: page.page,
    limit: page.limit,
    total,
    hasMore: page.page * page.limit < total,
    summary,
  };
}

async function findLiveEditor(db: Db, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ id: users.id, username: users.username, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.id, id), liveEditor))
    .limit(1);
  return row ?? null;
}

/** One editor for anyone (GET /users/editors/{id}); 404 when unknown or deleted. Never the e-mail. */
export async function getEditor(db: Db, id: string): Promise<Editor> {
  const row = await findLiveEditor(db, id);
  if (!row) throw notFound(PORTFOLIO_MESSAGES.editorNotFound);
  const [editor] = await editorsById(db, [row.id]);
  return editor!;
}

/** One editor for the admin's edit pages, with e-mail. */
export async function getEditorForAdmin(db: Db, id: string): Promise<AdminEditorDetail> {
  const row = await findLiveEditor(db, id);
  if (!row) throw notFound(PORTFOLIO_MESSAGES.editorNotFound);
  const [editor] = await editorsById(db, [row.id]);
  return {
    ...editor!,
    ...(row.email ? { email: row.email } : {}),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The admin's list: search by username (through the same trigram index), newest first, with counts. */
export async function listEditorsForAdmin(
  db: Db,
  page: PageQuery,
  search = '',
): Promise<AdminEditorListReply> {
  const text = search.trim();
  // search_text starts with the username, so the indexed match narrows and the second keeps names only.
  const where = text
    ? and(liveEditor, matchesSearch(text), sql`lower(${users.username}) like ${containsPattern(text)}`)!
    : liveEditor;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        createdAt: users.createdAt,
        tierCount: sql<number>`coalesce(jsonb_array_length(${editorPortfolios.tiers}), 0)`,
      })
      .from(users)
      .leftJoin(editorPortfolios, eq(editorPortfolios.editorId, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ total: count() }).from(users).where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const sampleCounts = ids.length
    ? await db
        .select({ editorId: portfolioSamples.editorId, n: count() })
        .from(portfolioSamples)
        .where(inArray(portfolioSamples.editorId, ids))
        .groupBy(portfolioSamples.editorId)
    : [];
  const total = Number(totalRow?.total ?? 0);
  const data: AdminEditor[] = rows.map((r) => ({
    _id: r.id,
    username: r.username,
    ...(r.email ? { email: r.email } : {}),
    createdAt: r.createdAt.toISOString(),
    tierCount: Number(r.tierCount),
    sampleCount: Number(sampleCounts.find((c) => c.editorId === r.id)?.n ?? 0),
  }));
  return { data, page: page.page, limit: page.limit, total, hasMore: page.page * page.limit < total };
}

/** Soft delete (DESIGN.md §4): hidden everywhere public, cannot log in; rooms and payments stay for admins. */
export async function softDeleteEditor(db: Db, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(PORTFOLIO_MESSAGES.editorNotFound);
  if (!(await removeEditorAccount(db, id))) throw notFound(PORTFOLIO_MESSAGES.editorNotFound);
}

/**
 * Renames an editor: the name must pass the username rule (400, as at register-editor: no look-alike of
 * another editor's or admin's name); 409 when any account already has its canonical form.
 */
export async function renameEditor(
  db: Db,
  id: string,
  username: string,
): Promise<{ _id: string; username: string }> {
  const editor = await findLiveEditor(db, id);
  if (!editor) throw notFound(PORTFOLIO_MESSAGES.editorNotFound);
  if (editor.username !== username) {
    await renameEditorAccount(db, id, username, () => conflict(PORTFOLIO_MESSAGES.nameTaken));
    await refreshCatalogueFields(db, id);
  }
  return { _id: id, username };
}

/** The live editor or 404: the guard of every admin portfolio change. */
export async function requireLiveEditor(db: Db, id: string) {
  const editor = await findLiveEditor(db, id);
  if (!editor) throw notFound(PORTFOLIO_MESSAGES.editorNotFound);
  return editor;
}

/** The admin grants or removes the verified badge; the sort keys follow. */
export async function setEditorVerified(db: Db, id: string, verified: boolean): Promise<boolean> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ verifiedAt: verified ? sql`coalesce(${users.verifiedAt}, now())` : null })
      .where(eq(users.id, id));
    await rescoreEditor(tx, id);
  });
  return verified;
}
