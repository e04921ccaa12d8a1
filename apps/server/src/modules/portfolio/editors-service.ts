import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  PORTFOLIO_MESSAGES,
  type AdminEditor,
  type AdminEditorDetail,
  type AdminEditorListReply,
  type Editor,
  type EditorListReply,
  type EditorSummary,
  type PageQuery,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { editorPortfolios, portfolioSamples, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import { revokeUserSessions } from '../auth/session-service';
import { checkNewUsername } from '../auth/usernames';
import { containsPattern, isUuid, toPortfolio } from './shape';

const liveEditor = and(eq(users.role, 'editor'), isNull(users.deletedAt))!;

/** Name or tag, case-insensitive, anywhere in the text: LIKE on users.search_text uses its trigram index. */
const matchesSearch = (query: string): SQL => sql`${users.searchText} like ${containsPattern(query)}`;

/**
 * What the public list reads from an editor's users row rather than joining for it: search_text =
 * lower(username + every tag of the editor's samples), sample_count and has_tiers. Called after every
 * change to any of them (one editor), and by bulk loads (every editor), so search stays one indexed LIKE on
 * one column and the counts of SPEC.md §2 one pass over the matching editors.
 */
export async function refreshCatalogueFields(db: Db, editorId?: string): Promise<void> {
  await db.execute(sql`
    update ${users} set
      search_text = lower(${users.username} || coalesce((
        select ' ' || string_agg(distinct lower(tag), ' ' order by lower(tag))
        from ${portfolioSamples} s, jsonb_array_elements_text(s.tags) as tag
        where s.editor_id = ${users.id}
      ), '')),
      sample_count = (select count(*) from ${portfolioSamples} s where s.editor_id = ${users.id}),
      has_tiers = coalesce((
        select jsonb_array_length(p.tiers) > 0 from ${editorPortfolios} p where p.editor_id = ${users.id}
      ), false)
    where ${editorId ? sql`${users.id} = ${editorId}` : sql`${users.role} = 'editor'`}`);
}

/** Editors (id, name) with their portfolios and samples, in two queries for the whole page. */
async function withPortfolios(db: Db, rows: { id: string; username: string }[]): Promise<Editor[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [portfolios, samples] = await Promise.all([
    db.select().from(editorPortfolios).where(inArray(editorPortfolios.editorId, ids)),
    db
      .select()
      .from(portfolioSamples)
      .where(inArray(portfolioSamples.editorId, ids))
      .orderBy(portfolioSamples.createdAt, portfolioSamples.id),
  ]);
  return rows.map((r) => ({
    _id: r.id,
    username: r.username,
    portfolio: toPortfolio(
      portfolios.find((p) => p.editorId === r.id),
      samples.filter((s) => s.editorId === r.id),
    ),
  }));
}

/** The three counts of SPEC.md §2 over every live editor: one pass over users, no join. */
async function summarize(db: Db): Promise<EditorSummary> {
  const [row] = await db
    .select({
      available: count(users.id),
      withPortfolios: sql<number>`count(*) filter (where ${users.hasTiers})`,
      samples: sql<number>`coalesce(sum(${users.sampleCount}), 0)`,
    })
    .from(users)
    .where(liveEditor);
  return {
    availableEditors: Number(row?.available ?? 0),
    editorsWithPortfolios: Number(row?.withPortfolios ?? 0),
    totalSamples: Number(row?.samples ?? 0),
  };
}

/** The newest live editors first (GET /users/editors): the created_at index gives the page directly. */
const editorPageQuery = (page: PageQuery): SQL =>
  sql`select ${users.id} as id, ${users.username} as username from ${users} where ${liveEditor}
    order by ${users.createdAt} desc, ${users.id} desc limit ${page.limit} offset ${(page.page - 1) * page.limit}`;

/**
 * A search's page and its three counts in one statement, over one pass of the matching editors (the counts
 * read the users row: refreshCatalogueFields), with the trigram index where it pays; exported so
 * a test can EXPLAIN the real statement. The matches are fenced in a materialized CTE: otherwise, with
 * ORDER BY created_at and a LIMIT, the planner walks the created_at index filtering every editor (it cannot
 * estimate a LIKE '%…%' well), which is fast for a term that matches often and seconds for a rare one.
 * The counts come first as one row, so a page past the end still answers them.
 */
export const editorSearchQuery = (query: string, page: PageQuery): SQL => sql`
  with matches as materialized (
    select ${users.id} as id, ${users.username} as username, ${users.createdAt} as created_at,
      ${users.hasTiers} as has_tiers, ${users.sampleCount} as sample_count
    from ${users} where ${and(liveEditor, matchesSearch(query))}
  ), counts as (
    select count(*) as available, count(*) filter (where has_tiers) as with_portfolios,
      coalesce(sum(sample_count), 0) as total_samples
    from matches
  )
  select counts.*, page.id, page.username from counts left join lateral (
    select id, username, created_at from matches order by created_at desc, id desc
    limit ${page.limit} offset ${(page.page - 1) * page.limit}
  ) page on true
  order by page.created_at desc nulls last, page.id desc`;

interface SearchRow {
  available: string | number;
  with_portfolios: string | number;
  total_samples: string | number;
  id: string | null;
  username: string | null;
}

async function pageAndSummary(
  db: Db,
  page: PageQuery,
  query: string,
): Promise<{ rows: { id: string; username: string }[]; summary: EditorSummary }> {
  if (!query) {
    const [result, summary] = await Promise.all([db.execute(editorPageQuery(page)), summarize(db)]);
    return { rows: (result as unknown as { rows: { id: string; username: string }[] }).rows, summary };
  }
  const result = await db.execute(editorSearchQuery(query, page));
  const found = (result as unknown as { rows: SearchRow[] }).rows;
  const first = found[0];
  return {
    rows: found.flatMap((r) => (r.id && r.username ? [{ id: r.id, username: r.username }] : [])),
    summary: {
      availableEditors: Number(first?.available ?? 0),
      editorsWithPortfolios: Number(first?.with_portfolios ?? 0),
      totalSamples: Number(first?.total_samples ?? 0),
    },
  };
}

/** The public list (GET /users/editors), or its search when `query` has text: newest editors first. */
export async function listEditors(db: Db, page: PageQuery, query = ''): Promise<EditorListReply> {
  const { rows, summary } = await pageAndSummary(db, page, query.trim());
  const total = summary.availableEditors;
  return {
    data: await withPortfolios(db, rows),
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
  const [editor] = await withPortfolios(db, [row]);
  return editor!;
}

/** One editor for the admin's edit pages, with e-mail. */
export async function getEditorForAdmin(db: Db, id: string): Promise<AdminEditorDetail> {
  const row = await findLiveEditor(db, id);
  if (!row) throw notFound(PORTFOLIO_MESSAGES.editorNotFound);
  const [editor] = await withPortfolios(db, [row]);
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
  const [row] = await db
    .update(users)
    .set({ deletedAt: new Date() })
    .where(and(eq(users.id, id), liveEditor))
    .returning({ id: users.id });
  if (!row) throw notFound(PORTFOLIO_MESSAGES.editorNotFound);
  await revokeUserSessions(db, id);
}

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

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
    const usernameCanonical = await checkNewUsername(
      db,
      username,
      () => conflict(PORTFOLIO_MESSAGES.nameTaken),
      id,
    );
    try {
      await db.update(users).set({ username, usernameCanonical }).where(eq(users.id, id));
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(PORTFOLIO_MESSAGES.nameTaken);
      throw err;
    }
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
