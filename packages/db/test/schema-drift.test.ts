// Proves that migrations/*.sql build exactly the database prisma/schema describes. Prisma's schema
// engine (which would run `prisma migrate diff`) is not available offline, so this test derives
// the expected tables from the schema's DMMF (via @prisma/prisma-schema-wasm, the same parser the
// CLI uses), reads the migrated database's catalog, and lists every difference.
//
// Compared: tables, columns (PostgreSQL type and nullability), primary keys (name and columns),
// unique and plain indexes (name, method, columns and sort order, predicate: read from the schema
// text, the DMMF has none), foreign keys (columns, referenced table and columns, ON DELETE /
// ON UPDATE) and enums (values in order).
// Not compared: column defaults (including @default(now()) and @updatedAt), foreign-key names
// (the DMMF does not carry a relation's `map:`), deferrability (Prisma cannot express it), CHECK
// constraints, triggers and column order.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { get_dmmf } from '@prisma/prisma-schema-wasm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../src/migrate.ts';
import { freshDatabase, type FreshDatabase } from '../src/testing.ts';

const schemaDir = fileURLToPath(new URL('../prisma/schema', import.meta.url));
/** node-pg-migrate's bookkeeping table, the one table the Prisma schema does not describe. */
const MIGRATIONS_TABLE = 'schema_migrations';
/** PostgreSQL's NAMEDATALEN - 1, which Prisma's default constraint names are cut to. */
const MAX_IDENTIFIER_LENGTH = 63;

// --- The comparable shape of a schema --------------------------------------------------------

interface SchemaShape {
  tables: Map<string, TableShape>;
  enums: Map<string, string[]>;
}

interface TableShape {
  /** Column name → e.g. "timestamp(3) with time zone NOT NULL", "enum plan NOT NULL", "text[] NULL". */
  columns: Map<string, string>;
  /** e.g. "tenants_pkey (id)"; undefined when the table has none. */
  primaryKey: string | undefined;
  /** Index name → e.g. "UNIQUE btree (paired_tenant_id)". Primary-key indexes are not listed. */
  indexes: Map<string, string>;
  /** e.g. "(tenant_id) → tenants (id) ON DELETE RESTRICT ON UPDATE CASCADE". */
  foreignKeys: Set<string>;
}

function emptyTable(): TableShape {
  return { columns: new Map(), primaryKey: undefined, indexes: new Map(), foreignKeys: new Set() };
}

function foreignKeyShape(columns: string[], referencedTable: string, referencedColumns: string[], onDelete: string, onUpdate: string): string {
  return `(${columns.join(', ')}) → ${referencedTable} (${referencedColumns.join(', ')}) ON DELETE ${onDelete} ON UPDATE ${onUpdate}`;
}

// --- Expected: the Prisma schema -------------------------------------------------------------

interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: 'scalar' | 'enum' | 'object' | 'unsupported';
  type: string;
  isList: boolean;
  isRequired: boolean;
  nativeType?: [string, string[]] | null;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
  relationOnUpdate?: string;
}

interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
}

interface DmmfIndex {
  model: string;
  type: 'id' | 'unique' | 'normal' | 'fulltext';
  dbName?: string | null;
  algorithm?: string;
  fields: { name: string; sortOrder?: 'asc' | 'desc' }[];
}

interface DmmfDatamodel {
  models: DmmfModel[];
  enums: { name: string; dbName: string | null; values: { name: string; dbName: string | null }[] }[];
  indexes?: DmmfIndex[];
  /** Not in the DMMF: the `where` of each partial index, by its name (read from the schema text). */
  predicates?: Map<string, string>;
}

async function loadPrismaDatamodel(): Promise<DmmfDatamodel> {
  const entries = await readdir(schemaDir, { recursive: true });
  const files = entries.filter((entry) => entry.endsWith('.prisma')).sort();
  const prismaSchema = await Promise.all(files.map(async (file) => [relative(schemaDir, join(schemaDir, file)), await readFile(join(schemaDir, file), 'utf8')]));
  const datamodel = (JSON.parse(get_dmmf(JSON.stringify({ prismaSchema }))) as { datamodel: DmmfDatamodel }).datamodel;
  return { ...datamodel, predicates: partialIndexPredicates(prismaSchema.map(([, text]) => text as string)) };
}

/**
 * The DMMF leaves out a partial index's `where: raw("…")`, so it is read from the schema text:
 * one `@@index(…)` per line, named with `map:`, its predicate written as PostgreSQL prints it back
 * (`pg_get_expr`), which the comparison takes literally.
 */
function partialIndexPredicates(texts: string[]): Map<string, string> {
  const predicates = new Map<string, string>();
  for (const line of texts.flatMap((text) => text.split('\n'))) {
    const where = /^\s*@@index\(.*\bwhere:\s*raw\("((?:[^"\\]|\\.)*)"\)/.exec(line);
    if (!where) continue;
    const name = /\bmap:\s*"([^"]+)"/.exec(line);
    if (!name) throw new Error(`schema-drift test: give the partial index a map: name: ${line.trim()}`);
    predicates.set(name[1] as string, JSON.parse(`"${where[1]}"`) as string);
  }
  return predicates;
}

/** The PostgreSQL type (as `format_type` spells it) of a scalar field's column, per Prisma migrate. */
function postgresType(field: DmmfField): string {
  if (field.nativeType) {
    const [name, args] = field.nativeType;
    const length = args.length ? `(${args.join(',')})` : '';
    switch (name) {
      case 'Text': return 'text';
      case 'VarChar': return `character varying${length}`;
      case 'Char': return `character${length || '(1)'}`;
      case 'Bit': return `bit${length || '(1)'}`;
      case 'VarBit': return `bit varying${length}`;
      case 'Uuid': return 'uuid';
      case 'Xml': return 'xml';
      case 'Inet': return 'inet';
      case 'Citext': return 'citext';
      case 'SmallInt': return 'smallint';
      case 'Integer': return 'integer';
      case 'BigInt': return 'bigint';
      case 'Oid': return 'oid';
      case 'Real': return 'real';
      case 'DoublePrecision': return 'double precision';
      case 'Decimal': return args.length ? `numeric(${args[0]},${args[1] ?? '0'})` : 'numeric';
      case 'Money': return 'money';
      case 'Boolean': return 'boolean';
      case 'Date': return 'date';
      case 'Timestamp': return `timestamp${length} without time zone`;
      case 'Timestamptz': return `timestamp${length} with time zone`;
      case 'Time': return `time${length} without time zone`;
      case 'Timetz': return `time${length} with time zone`;
      case 'Json': return 'json';
      case 'JsonB': return 'jsonb';
      case 'ByteA': return 'bytea';
      default: throw new Error(`schema-drift test: no PostgreSQL type known for @db.${name}; extend postgresType()`);
    }
  }
  switch (field.type) {
    case 'String': return 'text';
    case 'Boolean': return 'boolean';
    case 'Int': return 'integer';
    case 'BigInt': return 'bigint';
    case 'Float': return 'double precision';
    case 'Decimal': return 'numeric(65,30)';
    case 'DateTime': return 'timestamp(3) without time zone';
    case 'Json': return 'jsonb';
    case 'Bytes': return 'bytea';
    default: throw new Error(`schema-drift test: no PostgreSQL type known for Prisma type ${field.type}; extend postgresType()`);
  }
}

/** Prisma's default constraint name: `<table>_<columns>` cut to fit, then the suffix. */
function defaultConstraintName(table: string, columns: string[], suffix: string): string {
  const base = columns.length ? `${table}_${columns.join('_')}` : table;
  return base.slice(0, MAX_IDENTIFIER_LENGTH - suffix.length) + suffix;
}

const referentialActions: Record<string, string> = {
  Cascade: 'CASCADE',
  Restrict: 'RESTRICT',
  NoAction: 'NO ACTION',
  SetNull: 'SET NULL',
  SetDefault: 'SET DEFAULT',
};

function referentialAction(action: string): string {
  const sql = referentialActions[action];
  if (!sql) throw new Error(`schema-drift test: unknown referential action ${action}`);
  return sql;
}

function expectedShape(datamodel: DmmfDatamodel): SchemaShape {
  if (!datamodel.indexes) throw new Error('schema-drift test: this Prisma version puts no `indexes` in the DMMF datamodel');
  const enums = new Map(datamodel.enums.map((e) => [e.dbName ?? e.name, e.values.map((value) => value.dbName ?? value.name)]));
  const enumTypes = new Map(datamodel.enums.map((e) => [e.name, e.dbName ?? e.name]));
  const models = new Map(datamodel.models.map((model) => [model.name, model]));
  const tableOf = (model: DmmfModel) => model.dbName ?? model.name;
  const columnOf = (model: DmmfModel, fieldName: string) => {
    const field = model.fields.find((f) => f.name === fieldName);
    if (!field) throw new Error(`schema-drift test: ${model.name} has no field ${fieldName}`);
    return field.dbName ?? field.name;
  };

  const tables = new Map<string, TableShape>();
  for (const model of datamodel.models) {
    const table = emptyTable();
    tables.set(tableOf(model), table);
    for (const field of model.fields) {
      if (field.kind === 'object') {
        const from = field.relationFromFields ?? [];
        if (!from.length) continue; // the side of the relation without the foreign key
        const target = models.get(field.type);
        if (!target) throw new Error(`schema-drift test: unknown model ${field.type}`);
        // Prisma's defaults: RESTRICT (required relation) or SET NULL (optional) on delete, CASCADE on update.
        const onDelete = field.relationOnDelete ?? (field.isRequired ? 'Restrict' : 'SetNull');
        const onUpdate = field.relationOnUpdate ?? 'Cascade';
        table.foreignKeys.add(
          foreignKeyShape(
            from.map((name) => columnOf(model, name)),
            tableOf(target),
            (field.relationToFields ?? []).map((name) => columnOf(target, name)),
            referentialAction(onDelete),
            referentialAction(onUpdate),
          ),
        );
        continue;
      }
      if (field.kind !== 'scalar' && field.kind !== 'enum') throw new Error(`schema-drift test: ${model.name}.${field.name} has unsupported kind ${field.kind}`);
      const type = field.kind === 'enum' ? `enum ${enumTypes.get(field.type) ?? field.type}` : postgresType(field);
      // Prisma migrate creates list columns (`String[]`) without NOT NULL, required or not; the
      // migrations follow the same convention, so a list column must be nullable.
      const nullable = field.isList || !field.isRequired;
      table.columns.set(field.dbName ?? field.name, `${type}${field.isList ? '[]' : ''} ${nullable ? 'NULL' : 'NOT NULL'}`);
    }
  }

  for (const index of datamodel.indexes) {
    const model = models.get(index.model);
    if (!model) throw new Error(`schema-drift test: index on unknown model ${index.model}`);
    const tableName = tableOf(model);
    const table = tables.get(tableName) ?? emptyTable();
    const columns = index.fields.map((field) => columnOf(model, field.name));
    const keys = index.fields.map((field, i) => `${columns[i]}${field.sortOrder === 'desc' ? ' DESC' : ''}`);
    if (index.type === 'id') {
      table.primaryKey = `${index.dbName ?? defaultConstraintName(tableName, [], '_pkey')} (${columns.join(', ')})`;
    } else if (index.type === 'unique' || index.type === 'normal') {
      const unique = index.type === 'unique';
      const name = index.dbName ?? defaultConstraintName(tableName, columns, unique ? '_key' : '_idx');
      const predicate = datamodel.predicates?.get(name);
      table.indexes.set(name, `${unique ? 'UNIQUE ' : ''}${(index.algorithm ?? 'BTree').toLowerCase()} (${keys.join(', ')})${predicate ? ` WHERE ${predicate}` : ''}`);
    } else {
      throw new Error(`schema-drift test: ${index.type} indexes do not exist in PostgreSQL`);
    }
  }
  return { tables, enums };
}

// --- Actual: the database's catalog ----------------------------------------------------------

interface Queryable {
  query<R extends pg.QueryResultRow>(text: string): Promise<pg.QueryResult<R>>;
}

async function databaseShape(db: Queryable): Promise<SchemaShape> {
  const tables = new Map<string, TableShape>();
  const table = (name: string) => {
    let shape = tables.get(name);
    if (!shape) tables.set(name, (shape = emptyTable()));
    return shape;
  };

  const relations = await db.query<{ name: string }>(`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'f')`);
  for (const { name } of relations.rows) table(name);

  const columns = await db.query<{ table: string; column: string; type: string; enum_type: string | null; is_array: boolean; not_null: boolean }>(`
    SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
           COALESCE(CASE WHEN t.typtype = 'e' THEN t.typname END, CASE WHEN e.typtype = 'e' THEN e.typname END)::text AS enum_type,
           t.typcategory = 'A' AS is_array, a.attnotnull AS not_null
    FROM pg_attribute a
    JOIN pg_class c ON c.oid = a.attrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_type t ON t.oid = a.atttypid
    LEFT JOIN pg_type e ON e.oid = t.typelem AND t.typcategory = 'A'
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'f') AND a.attnum > 0 AND NOT a.attisdropped`);
  for (const row of columns.rows) {
    const type = row.enum_type ? `enum ${row.enum_type}${row.is_array ? '[]' : ''}` : row.type;
    table(row.table).columns.set(row.column, `${type} ${row.not_null ? 'NOT NULL' : 'NULL'}`);
  }

  const constraints = await db.query<{
    table: string; name: string; type: 'p' | 'f'; columns: string[];
    referenced_table: string | null; referenced_columns: string[] | null; on_delete: string; on_update: string;
  }>(`
    SELECT c.relname AS table, con.conname AS name, con.contype AS type,
           ARRAY(SELECT a.attname FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
                 JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.ord)::text[] AS columns,
           r.relname AS referenced_table,
           ARRAY(SELECT a.attname FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, ord)
                 JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.ord)::text[] AS referenced_columns,
           con.confdeltype::text AS on_delete, con.confupdtype::text AS on_update
    FROM pg_constraint con
    JOIN pg_class c ON c.oid = con.conrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_class r ON r.oid = con.confrelid
    WHERE n.nspname = current_schema() AND con.contype IN ('p', 'f')`);
  const actions: Record<string, string> = { a: 'NO ACTION', r: 'RESTRICT', c: 'CASCADE', n: 'SET NULL', d: 'SET DEFAULT' };
  for (const row of constraints.rows) {
    if (row.type === 'p') {
      table(row.table).primaryKey = `${row.name} (${row.columns.join(', ')})`;
    } else {
      table(row.table).foreignKeys.add(
        foreignKeyShape(row.columns, row.referenced_table ?? '?', row.referenced_columns ?? [], actions[row.on_delete] ?? row.on_delete, actions[row.on_update] ?? row.on_update),
      );
    }
  }

  const indexes = await db.query<{ table: string; name: string; unique: boolean; method: string; keys: string[]; included: string[]; predicate: string | null }>(`
    SELECT c.relname AS table, i.relname AS name, x.indisunique AS unique, am.amname AS method,
           ARRAY(SELECT COALESCE(a.attname::text, pg_get_indexdef(x.indexrelid, k, true))
                        || CASE WHEN (x.indoption[k - 1] & 1) = 1 THEN ' DESC' ELSE '' END
                 FROM generate_series(1, x.indnkeyatts) AS k
                 LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = x.indkey[k - 1] AND x.indkey[k - 1] <> 0
                 ORDER BY k)::text[] AS keys,
           ARRAY(SELECT pg_get_indexdef(x.indexrelid, k, true) FROM generate_series(x.indnkeyatts + 1, x.indnatts) AS k ORDER BY k)::text[] AS included,
           pg_get_expr(x.indpred, x.indrelid) AS predicate
    FROM pg_index x
    JOIN pg_class i ON i.oid = x.indexrelid
    JOIN pg_class c ON c.oid = x.indrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_am am ON am.oid = i.relam
    WHERE n.nspname = current_schema() AND NOT x.indisprimary`);
  for (const row of indexes.rows) {
    const include = row.included.length ? ` INCLUDE (${row.included.join(', ')})` : '';
    const where = row.predicate ? ` WHERE ${row.predicate}` : '';
    table(row.table).indexes.set(row.name, `${row.unique ? 'UNIQUE ' : ''}${row.method} (${row.keys.join(', ')})${include}${where}`);
  }

  const enumRows = await db.query<{ name: string; values: string[] }>(`
    SELECT t.typname AS name, ARRAY(SELECT e.enumlabel FROM pg_enum e WHERE e.enumtypid = t.oid ORDER BY e.enumsortorder)::text[] AS values
    FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
    WHERE n.nspname = current_schema() AND t.typtype = 'e'`);
  const enums = new Map(enumRows.rows.map((row) => [row.name, row.values]));

  return { tables, enums };
}

// --- Comparison -----------------------------------------------------------------------------

/** Every way `actual` (the database) differs from `expected` (the Prisma schema), sorted. */
function schemaDifferences(expected: SchemaShape, actual: SchemaShape): string[] {
  const differences: string[] = [];
  const compareMaps = (what: string, prisma: Map<string, string>, database: Map<string, string>) => {
    for (const [name, shape] of prisma) {
      const found = database.get(name);
      if (found === undefined) differences.push(`${what} ${name}: missing from the database (Prisma: ${shape})`);
      else if (found !== shape) differences.push(`${what} ${name}: database has ${found}, Prisma schema has ${shape}`);
    }
    for (const [name, shape] of database) {
      if (!prisma.has(name)) differences.push(`${what} ${name}: in the database but not in the Prisma schema: ${shape}`);
    }
  };

  for (const [name, prisma] of expected.tables) {
    const database = actual.tables.get(name);
    if (!database) {
      differences.push(`table ${name}: missing from the database`);
      continue;
    }
    compareMaps('column', prefixKeys(name, prisma.columns), prefixKeys(name, database.columns));
    if (prisma.primaryKey !== database.primaryKey) {
      differences.push(`primary key of ${name}: database has ${database.primaryKey ?? 'none'}, Prisma schema has ${prisma.primaryKey ?? 'none'}`);
    }
    compareMaps(`index on ${name}`, prisma.indexes, database.indexes);
    for (const key of prisma.foreignKeys) {
      if (!database.foreignKeys.has(key)) differences.push(`foreign key on ${name}: missing from the database: ${key}`);
    }
    for (const key of database.foreignKeys) {
      if (!prisma.foreignKeys.has(key)) differences.push(`foreign key on ${name}: in the database but not in the Prisma schema: ${key}`);
    }
  }
  for (const name of actual.tables.keys()) {
    if (!expected.tables.has(name) && name !== MIGRATIONS_TABLE) differences.push(`table ${name}: in the database but not in the Prisma schema`);
  }

  const enumList = (values: string[]) => `(${values.join(', ')})`;
  compareMaps('enum', mapValues(expected.enums, enumList), mapValues(actual.enums, enumList));
  return differences.sort();
}

function prefixKeys<T>(prefix: string, map: Map<string, T>): Map<string, T> {
  return new Map([...map].map(([key, value]) => [`${prefix}.${key}`, value]));
}

function mapValues<T, U>(map: Map<string, T>, transform: (value: T) => U): Map<string, U> {
  return new Map([...map].map(([key, value]) => [key, transform(value)]));
}

// --- Tests ----------------------------------------------------------------------------------

describe('migrations match prisma/schema', () => {
  let expected: SchemaShape;
  let database: FreshDatabase | undefined;
  let client: pg.Client | undefined;

  beforeAll(async () => {
    expected = expectedShape(await loadPrismaDatamodel());
    database = await freshDatabase({ prefix: 'drift' });
    await migrateDatabase(database.url);
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await database?.dispose();
  });

  it('the migrated database has exactly the tables, columns, keys, indexes and enums of the Prisma schema', async () => {
    expect(expected.tables.size).toBeGreaterThan(0);
    expect(schemaDifferences(expected, await databaseShape(client!))).toEqual([]);
  });

  it('detects a drifted column', async () => {
    // Some NOT NULL column outside a primary key, so the test follows the schema as it grows.
    const [table, column] =
      [...expected.tables].flatMap(([tableName, shape]) => {
        const keyColumns = shape.primaryKey?.replace(/^.*\((.*)\)$/, '$1').split(', ') ?? [];
        return [...shape.columns].filter(([name, type]) => type.endsWith(' NOT NULL') && !keyColumns.includes(name)).map(([name]) => [tableName, name] as const);
      })[0] ?? [];
    if (!table || !column) throw new Error('no NOT NULL column to drift');

    // DDL is transactional in PostgreSQL: the drift never outlives this test.
    await client!.query('BEGIN');
    try {
      await client!.query(`ALTER TABLE "${table}" ALTER COLUMN "${column}" DROP NOT NULL`);
      await client!.query(`ALTER TABLE "${table}" ADD COLUMN drift_extra integer`);
      await client!.query('CREATE TABLE drift_stray (id integer)');
      const differences = schemaDifferences(expected, await databaseShape(client!));
      const prismaType = expected.tables.get(table)!.columns.get(column)!;
      expect(differences).toEqual(
        expect.arrayContaining([
          `column ${table}.${column}: database has ${prismaType.replace(/ NOT NULL$/, ' NULL')}, Prisma schema has ${prismaType}`,
          `column ${table}.drift_extra: in the database but not in the Prisma schema: integer NULL`,
          'table drift_stray: in the database but not in the Prisma schema',
        ]),
      );
    } finally {
      await client!.query('ROLLBACK');
    }
  });
});
