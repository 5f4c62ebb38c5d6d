import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * docs/database-scale-out.md places every table for a sharded PostgreSQL (Citus): distributed by
 * tenant_id, reference (a copy on every node) or local (the coordinator only); lists what breaks
 * Citus's rules today and must change first; and holds the script that distributes the tables.
 * This checks the document against the migrated schema of the suite's database (pg-boss's schema
 * included), so it cannot go stale: a table it does not place fails, and so does a key, foreign
 * key, trigger or sequence that breaks a rule without being listed there, or a listed one that no
 * longer does.
 */

const DOC_PATH = new URL('../../docs/database-scale-out.md', import.meta.url);
const DOC = 'docs/database-scale-out.md';
const DISTRIBUTION_COLUMN = 'tenant_id';

type Placement = 'distributed' | 'reference' | 'local';

interface ForeignKey {
  table: string;
  name: string;
  columns: string[];
  referenced: string;
  referenced_columns: string[];
  /** pg_constraint's action codes: a no action, r restrict, c cascade, n set null, d set default. */
  on_update: string;
  on_delete: string;
}

interface Catalog {
  /** Public tables by name, the others as schema.name (how regclass prints them). */
  tables: string[];
  tenantColumns: Array<{ table: string; type: string; not_null: boolean; generated: boolean }>;
  /** Primary keys, unique constraints and unique indexes, with their key columns. */
  uniqueIndexes: Array<{ table: string; name: string; columns: string[] }>;
  foreignKeys: ForeignKey[];
  triggers: Array<{ table: string; name: string }>;
  /** Columns filled by a sequence (serial, identity). */
  sequenced: Array<{ table: string; name: string }>;
  generated: Array<{ table: string; name: string }>;
}

async function readCatalog(client: pg.Client): Promise<Catalog> {
  const rows = async <T>(sql: string) => (await client.query<T & pg.QueryResultRow>(sql)).rows;
  const columnsOf = (relation: string, attnums: string) => `
    ARRAY(SELECT a.attname::text FROM unnest(${attnums}) WITH ORDINALITY AS k(attnum, ord)
          JOIN pg_attribute a ON a.attrelid = ${relation} AND a.attnum = k.attnum ORDER BY k.ord)`;
  const tables = await rows<{ name: string }>(`
    SELECT c.oid::regclass::text AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname !~ '^pg_(toast|temp)'
    ORDER BY 1`);
  return {
    tables: tables.map((table) => table.name),
    tenantColumns: await rows(`
      SELECT attrelid::regclass::text AS table, format_type(atttypid, atttypmod) AS type, attnotnull AS not_null, attgenerated <> '' AS generated
      FROM pg_attribute WHERE attname = '${DISTRIBUTION_COLUMN}' AND attnum > 0 AND NOT attisdropped`),
    uniqueIndexes: await rows(`
      SELECT x.indrelid::regclass::text AS table, x.indexrelid::regclass::text AS name,
        ARRAY(SELECT a.attname::text FROM unnest(x.indkey) WITH ORDINALITY AS k(attnum, ord)
              JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum
              WHERE k.ord <= x.indnkeyatts ORDER BY k.ord) AS columns
      FROM pg_index x WHERE x.indisunique`),
    foreignKeys: await rows(`
      SELECT conrelid::regclass::text AS table, conname AS name, confrelid::regclass::text AS referenced,
        ${columnsOf('conrelid', 'conkey')} AS columns, ${columnsOf('confrelid', 'confkey')} AS referenced_columns,
        confupdtype AS on_update, confdeltype AS on_delete
      FROM pg_constraint WHERE contype = 'f'`),
    triggers: await rows(`SELECT tgrelid::regclass::text AS table, tgname AS name FROM pg_trigger WHERE NOT tgisinternal`),
    sequenced: await rows(`
      SELECT a.attrelid::regclass::text AS table, a.attname AS name FROM pg_attribute a
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE a.attnum > 0 AND NOT a.attisdropped AND (a.attidentity <> '' OR pg_get_expr(d.adbin, d.adrelid) LIKE 'nextval(%')`),
    generated: await rows(`SELECT attrelid::regclass::text AS table, attname AS name FROM pg_attribute WHERE attgenerated <> '' AND attnum > 0 AND NOT attisdropped`),
  };
}

/** The lines of a section: from its heading (exact text) to the next heading of the same or a higher level. */
function section(doc: string, heading: string): string[] {
  const lines = doc.split('\n');
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start === -1) throw new Error(`${DOC} has no heading "${heading}"`);
  const level = heading.indexOf(' ');
  const end = lines.findIndex((line, index) => index > start && /^#+ /.test(line) && line.indexOf(' ') <= level);
  return lines.slice(start + 1, end === -1 ? undefined : end);
}

/** The body rows of the first Markdown table of a section, as cells. */
function tableRows(lines: string[]): string[][] {
  const first = lines.findIndex((line) => line.startsWith('|'));
  if (first === -1) return [];
  const end = lines.findIndex((line, index) => index > first && !line.startsWith('|'));
  return lines.slice(first + 2, end === -1 ? undefined : end).map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()));
}

/** The `code spans` of a cell: table, constraint and column names. */
function names(cell: string | undefined): string[] {
  return [...(cell ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1] as string);
}

/** One entry per name of the second column, qualified by the table of the first: `table.name`. */
function qualifiedNames(rows: string[][]): string[] {
  return rows.flatMap(([table, listed]) => names(listed).map((name) => `${names(table)[0]}.${name}`)).sort();
}

/** The rules a table's constraints must keep for Citus to distribute it; each finds what breaks it, as `table.constraint`. */
const RULES: Record<string, (catalog: Catalog, placementOf: (table: string) => Placement | undefined) => string[]> = {
  // create_distributed_table needs the column on every table, of one type to co-locate them.
  'distribution-column': (catalog, placementOf) =>
    catalog.tables
      .filter((table) => placementOf(table) === 'distributed')
      .filter((table) => {
        const column = catalog.tenantColumns.find((candidate) => candidate.table === table);
        return !column || column.type !== 'text' || !column.not_null || column.generated;
      })
      .map((table) => `${table}.${DISTRIBUTION_COLUMN}`),
  // Each shard enforces uniqueness alone: only keys that contain the distribution column hold.
  'key-without-tenant': (catalog, placementOf) =>
    catalog.uniqueIndexes.filter((index) => placementOf(index.table) === 'distributed' && !index.columns.includes(DISTRIBUTION_COLUMN)).map((index) => `${index.table}.${index.name}`),
  // Co-located shards enforce a foreign key only when both sides name tenant_id, at the same position.
  'foreign-key-without-tenant': (catalog, placementOf) =>
    catalog.foreignKeys
      .filter((key) => placementOf(key.table) === 'distributed' && placementOf(key.referenced) === 'distributed')
      .filter((key) => !key.columns.includes(DISTRIBUTION_COLUMN) || key.columns.indexOf(DISTRIBUTION_COLUMN) !== key.referenced_columns.indexOf(DISTRIBUTION_COLUMN))
      .map((key) => `${key.table}.${key.name}`),
  // Citus keeps foreign keys distributed → distributed or reference, reference → reference, local → local or reference.
  'foreign-key-across-placements': (catalog, placementOf) => {
    const allowed = new Set(['distributed>distributed', 'distributed>reference', 'reference>reference', 'local>local', 'local>reference']);
    return catalog.foreignKeys.filter((key) => !allowed.has(`${placementOf(key.table)}>${placementOf(key.referenced)}`)).map((key) => `${key.table}.${key.name}`);
  },
  // A referential action may not change a distributed row's tenant_id: no ON UPDATE CASCADE/SET NULL/SET DEFAULT, no ON DELETE SET NULL/SET DEFAULT.
  'foreign-key-action': (catalog, placementOf) =>
    catalog.foreignKeys
      .filter((key) => placementOf(key.table) === 'distributed' && key.columns.includes(DISTRIBUTION_COLUMN))
      .filter((key) => 'cnd'.includes(key.on_update) || 'nd'.includes(key.on_delete))
      .map((key) => `${key.table}.${key.name}`),
};

/** Tables in an order where each comes after those it references (alphabetical among the ready ones). */
function dependencyOrder(tables: string[], foreignKeys: ForeignKey[]): string[] {
  const pending = new Map(tables.map((table) => [table, new Set(foreignKeys.filter((key) => key.table === table && key.referenced !== table && tables.includes(key.referenced)).map((key) => key.referenced))]));
  const order: string[] = [];
  while (pending.size > 0) {
    const ready = [...pending].filter(([, references]) => [...references].every((table) => order.includes(table))).map(([table]) => table).sort();
    if (ready.length === 0) throw new Error(`foreign keys form a cycle among ${[...pending.keys()].join(', ')}`);
    const next = ready[0] as string;
    order.push(next);
    pending.delete(next);
  }
  return order;
}

/** What an operator runs on the coordinator: reference tables, then distributed ones co-located with the first. */
function distributionScript(catalog: Catalog, placementOf: (table: string) => Placement | undefined): string {
  const of = (placement: Placement) => dependencyOrder(catalog.tables.filter((table) => placementOf(table) === placement), catalog.foreignKeys);
  const [anchor, ...colocated] = of('distributed');
  return [
    '-- Generated by test/contract/citus-distribution.test.ts from the placements above, in',
    '-- dependency order. On the coordinator, once the changes above are in the schema.',
    'SET citus.enable_unsafe_triggers = on;',
    ...of('reference').map((table) => `SELECT create_reference_table('${table}');`),
    `SELECT create_distributed_table('${anchor}', '${DISTRIBUTION_COLUMN}');`,
    ...colocated.map((table) => `SELECT create_distributed_table('${table}', '${DISTRIBUTION_COLUMN}', colocate_with => '${anchor}');`),
  ].join('\n');
}

describe(`the scale-out plan of ${DOC}`, () => {
  let client: pg.Client;
  let catalog: Catalog;
  let doc: string;
  let placements: Map<string, Placement>;
  const placementOf = (table: string): Placement | undefined => placements.get(table) ?? placements.get(`${table.split('.')[0]}.*`);

  beforeAll(async () => {
    client = new pg.Client({ connectionString: inject('databaseUrl') });
    await client.connect();
    catalog = await readCatalog(client);
    doc = await readFile(DOC_PATH, 'utf8');
    placements = new Map(
      tableRows(section(doc, '## Where each table goes')).map(([table, placement]) => {
        if (placement !== 'distributed' && placement !== 'reference' && placement !== 'local') throw new Error(`${DOC}: ${table} has placement "${placement}"`);
        return [names(table)[0] as string, placement];
      }),
    );
  });

  afterAll(() => client?.end());

  it('places every table of the migrated schema, and no other', () => {
    const unplaced = catalog.tables.filter((table) => !placementOf(table));
    expect(unplaced, `tables ${DOC} does not place: add each to "Where each table goes", with why`).toEqual([]);
    const gone = [...placements.keys()].filter((entry) => (entry.endsWith('.*') ? !catalog.tables.some((table) => table.startsWith(entry.slice(0, -1))) : !catalog.tables.includes(entry)));
    expect(gone, `${DOC} places tables the schema does not have`).toEqual([]);
  });

  it.each(Object.keys(RULES))('lists exactly what breaks the rule `%s` today', (rule) => {
    const documented = qualifiedNames(tableRows(section(doc, `### \`${rule}\``)));
    const found = (RULES[rule] as (typeof RULES)[string])(catalog, placementOf).sort();
    expect(found, `what breaks \`${rule}\` (left) must be what ${DOC} lists under its heading (right): document a new case with the change it needs, or remove one that was fixed`).toEqual(documented);
  });

  it.each([
    ['triggers', '### Triggers', (current: Catalog) => current.triggers],
    ['sequences', '### Sequences', (current: Catalog) => current.sequenced],
    ['generated columns', '### Generated columns', (current: Catalog) => current.generated],
  ] as const)('lists the %s of the distributed and reference tables', (_kind, heading, of) => {
    const documented = qualifiedNames(tableRows(section(doc, heading)));
    const found = of(catalog)
      .filter((entry) => placementOf(entry.table) !== 'local')
      .map((entry) => `${entry.table}.${entry.name}`)
      .sort();
    expect(found, `each must be reviewed for running on a shard and listed in ${DOC} under "${heading}"`).toEqual(documented);
  });

  it('holds the distribution script the placements give', () => {
    const lines = section(doc, '## The distribution script');
    const start = lines.indexOf('```sql');
    const end = lines.indexOf('```', start + 1);
    expect(start, `${DOC}: "The distribution script" has no \`\`\`sql block`).toBeGreaterThanOrEqual(0);
    expect(lines.slice(start + 1, end).join('\n'), `replace the script in ${DOC} with the one expected here`).toBe(distributionScript(catalog, placementOf));
  });
});
