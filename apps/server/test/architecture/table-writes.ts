import ts from 'typescript';

/** A write found in a source file. `columns`: what an UPDATE sets (null: not readable statically). */
export interface TableWrite {
  file: string;
  line: number;
  kind: 'insert' | 'update' | 'delete';
  table: string;
  columns: string[] | null;
  via: 'drizzle' | 'sql';
}

/** What the scanner knows of the schema: the tables by their TypeScript export names and by their SQL names. */
export interface SchemaIndex {
  /** Export name (e.g. `chatRooms`) → SQL table name (`chat_rooms`). */
  byExport: Map<string, string>;
  /** SQL table name → (property key → SQL column name). */
  columns: Map<string, Map<string, string>>;
}

const WRITE_METHODS = new Set(['insert', 'update', 'delete']);

/**
 * Every write to a known table in one TypeScript source: drizzle's `.insert(t)`, `.update(t)` (with the
 * keys of its `.set({…})`) and `.delete(t)`, and `insert into x` / `update x … set` / `delete from x` in
 * sql`` templates, whether `x` is interpolated (`${users}`) or written out (`chat_rooms`). A table is
 * found through its export name, an import alias (`users as u`), a local const (`const t = users`) or a
 * drizzle `alias(users, '…')`. Calls on anything else (a Map's delete, a hash's update) are not writes.
 */
export function findTableWrites(file: string, text: string, schema: SchemaIndex): TableWrite[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const locals = new Map<string, string>();
  const sqlTables = new Set(schema.columns.keys());

  // Names bound to tables in this file.
  const bind = (node: ts.Node): void => {
    if (ts.isImportSpecifier(node)) {
      const exported = (node.propertyName ?? node.name).text;
      const table = schema.byExport.get(exported);
      if (table) locals.set(node.name.text, table);
    } else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const init = node.initializer;
      const target =
        ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === 'alias'
          ? init.arguments[0]
          : init;
      const table = target ? tableOf(target) : null;
      if (table) locals.set(node.name.text, table);
    }
    ts.forEachChild(node, bind);
  };
  const tableOf = (node: ts.Node): string | null => {
    if (ts.isIdentifier(node)) return locals.get(node.text) ?? schema.byExport.get(node.text) ?? null;
    if (ts.isPropertyAccessExpression(node)) return schema.byExport.get(node.name.text) ?? null;
    if (ts.isParenthesizedExpression(node)) return tableOf(node.expression);
    return null;
  };
  bind(source);

  const writes: TableWrite[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      WRITE_METHODS.has(node.expression.name.text) &&
      node.arguments.length === 1
    ) {
      const table = tableOf(node.arguments[0]!);
      if (table) {
        const kind = node.expression.name.text as TableWrite['kind'];
        writes.push({
          file,
          line: lineOf(node),
          kind,
          table,
          columns: kind === 'update' ? setColumns(node, table, schema) : null,
          via: 'drizzle',
        });
      }
    }
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql') {
      for (const w of sqlWrites(node.template, (expr) => tableOf(expr), sqlTables)) {
        writes.push({ file, line: lineOf(node), via: 'sql', ...w });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return writes;
}

/** The columns a drizzle `.update(t).set({…})` sets, or null when they cannot be read from the source. */
function setColumns(update: ts.CallExpression, table: string, schema: SchemaIndex): string[] | null {
  const access = update.parent;
  if (!ts.isPropertyAccessExpression(access) || access.name.text !== 'set') return null;
  const call = access.parent;
  if (!ts.isCallExpression(call) || call.arguments.length !== 1) return null;
  const keys = objectKeys(call.arguments[0]!);
  if (!keys) return null;
  const columns = schema.columns.get(table);
  return [...new Set(keys.map((k) => columns?.get(k) ?? k))];
}

/** Property names of an object literal, through conditionals and spreads; null when not literal. */
function objectKeys(node: ts.Expression): string[] | null {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return objectKeys(node.expression);
  if (ts.isConditionalExpression(node)) {
    const a = objectKeys(node.whenTrue);
    const b = objectKeys(node.whenFalse);
    return a && b ? [...a, ...b] : null;
  }
  if (!ts.isObjectLiteralExpression(node)) return null;
  const keys: string[] = [];
  for (const p of node.properties) {
    if (ts.isSpreadAssignment(p)) {
      const inner = objectKeys(p.expression);
      if (!inner) return null;
      keys.push(...inner);
    } else if (
      (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) &&
      (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))
    ) {
      keys.push(p.name.text);
    } else {
      return null;
    }
  }
  return keys;
}

const IDENT = String.raw`"?([a-z_][a-z0-9_]*)"?(?:\."?([a-z_][a-z0-9_]*)"?)?`;
const TARGET = String.raw`(?:__expr(\d+)__|${IDENT})`;
const STATEMENTS: [TableWrite['kind'], RegExp][] = [
  ['insert', new RegExp(String.raw`\binsert\s+into\s+${TARGET}`, 'gi')],
  ['update', new RegExp(String.raw`\bupdate\s+${TARGET}`, 'gi')],
  ['delete', new RegExp(String.raw`\bdelete\s+from\s+${TARGET}`, 'gi')],
];

/** Writes in one sql`` template: its text with each `${…}` as `__exprN__`, SQL comments left out. */
function sqlWrites(
  template: ts.TemplateLiteral,
  tableOf: (expr: ts.Expression) => string | null,
  sqlTables: Set<string>,
): Omit<TableWrite, 'file' | 'line' | 'via'>[] {
  const exprs: ts.Expression[] = [];
  let text: string;
  if (ts.isNoSubstitutionTemplateLiteral(template)) {
    text = template.text;
  } else {
    text = template.head.text;
    for (const span of template.templateSpans) {
      text += `__expr${exprs.length}__${span.literal.text}`;
      exprs.push(span.expression);
    }
  }
  text = text.replace(/--[^\n]*/g, ' ');
  const found: Omit<TableWrite, 'file' | 'line' | 'via'>[] = [];
  for (const [kind, pattern] of STATEMENTS) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      const table =
        m[1] !== undefined
          ? tableOf(exprs[Number(m[1])]!)
          : [m[3] ?? m[2]!].map((n) => n.toLowerCase()).find((n) => sqlTables.has(n));
      if (!table) continue;
      found.push({
        kind,
        table,
        columns: kind === 'update' ? sqlSetColumns(text.slice(m.index + m[0].length)) : null,
      });
    }
  }
  return found;
}

/**
 * The columns after `update x [alias] set`: each top-level `col = …` up to `from`, `where`, `returning`
 * or the end. Null when the statement has no readable set list.
 */
export function sqlSetColumns(rest: string): string[] | null {
  const head = /^\s+(?:(?:as\s+)?(?!set\b)[a-z_][a-z0-9_]*\s+)?set\b/i.exec(rest);
  if (!head) return null;
  const body = rest.slice(head[0].length);
  const pieces: string[] = [];
  let depth = 0;
  let quote = false;
  let start = 0;
  let end = body.length;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quote) {
      if (c === "'") quote = false;
      continue;
    }
    if (c === "'") quote = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && c === ',') {
      pieces.push(body.slice(start, i));
      start = i + 1;
    } else if (depth === 0 && /^\s(from|where|returning)\b/i.test(body.slice(i, i + 12))) {
      end = i;
      break;
    }
  }
  pieces.push(body.slice(start, end));
  const columns: string[] = [];
  for (const piece of pieces) {
    const single = /^\s*(?:[a-z_][a-z0-9_]*\.)?"?([a-z_][a-z0-9_]*)"?\s*=/i.exec(piece);
    const tuple = /^\s*\(([^)]*)\)\s*=/.exec(piece);
    if (single) columns.push(single[1]!.toLowerCase());
    else if (tuple)
      columns.push(
        ...tuple[1]!.split(',').map((c) =>
          c
            .trim()
            .replace(/^.*\.|"/g, '')
            .toLowerCase(),
        ),
      );
    else return null;
  }
  return columns;
}

/** Who owns what (db/owners.ts), as the check reads it. */
export interface Ownership {
  tables: Record<string, string>;
  columns: Partial<Record<string, Record<string, readonly string[]>>>;
}

/**
 * Why a module may not make this write, or null when it may. The owner writes its table, except the
 * columns another module keeps (an UPDATE of them); a module that keeps columns of another's table may
 * UPDATE those columns only, and must set them in a way the source shows.
 */
export function refusal(module: string, w: TableWrite, own: Ownership): string | null {
  const owner = own.tables[w.table];
  if (!owner) return `${w.table} has no owner in db/owners.ts`;
  const kept = own.columns[w.table] ?? {};
  const mine = kept[module];
  const where = `${w.file}:${w.line}`;
  if (owner === module) {
    if (w.kind !== 'update' || !w.columns) return null;
    const taken = w.columns.filter((c) =>
      Object.entries(kept).some(([m, cols]) => m !== module && cols.includes(c)),
    );
    return taken.length
      ? `${where}: ${module} updates ${w.table}.${taken.join(', ')}, kept by ${Object.entries(kept)
          .filter(([, cols]) => taken.some((c) => cols.includes(c)))
          .map(([m]) => m)
          .join(', ')}`
      : null;
  }
  if (!mine) return `${where}: ${module} ${verb(w)} ${w.table}, owned by ${owner}`;
  if (w.kind !== 'update')
    return `${where}: ${module} ${verb(w)} ${w.table} (owned by ${owner}; ${module} keeps only some columns)`;
  if (!w.columns)
    return `${where}: ${module} updates ${w.table} (owned by ${owner}) with columns the source does not show`;
  const foreign = w.columns.filter((c) => !mine.includes(c));
  return foreign.length
    ? `${where}: ${module} updates ${w.table}.${foreign.join(', ')}, owned by ${owner}`
    : null;
}

const verb = (w: TableWrite) =>
  w.kind === 'insert' ? 'inserts into' : w.kind === 'update' ? 'updates' : 'deletes from';
