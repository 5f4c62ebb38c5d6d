import DataLoader from 'dataloader';

const loaders = new WeakMap<object, Map<string, DataLoader<unknown, unknown>>>();

/**
 * A DataLoader shared by every resolver of one request (keyed by the request's context object),
 * so that the N lookups a list makes (an order's customer, a line's item, the gateway's entity
 * representations) become one query per tick. Loaders do not cache across ticks: a request that
 * writes and then reads sees its own writes.
 *
 * `loadMany(keys)` returns the found records; `keyOf` says which key each belongs to (records
 * not found resolve to null). For one-to-many loads use `groupBy: true`: every key resolves to the
 * array of records with that key.
 */
export function batchLoader<Key extends string, Row>(context: object, name: string, loadMany: (keys: readonly Key[]) => Promise<Row[]>, keyOf: (row: Row) => Key): DataLoader<Key, Row | null>;
export function batchLoader<Key extends string, Row>(context: object, name: string, loadMany: (keys: readonly Key[]) => Promise<Row[]>, keyOf: (row: Row) => Key, options: { groupBy: true }): DataLoader<Key, Row[]>;
export function batchLoader<Key extends string, Row>(context: object, name: string, loadMany: (keys: readonly Key[]) => Promise<Row[]>, keyOf: (row: Row) => Key, options?: { groupBy: true }): DataLoader<Key, unknown> {
  let byName = loaders.get(context);
  if (!byName) {
    byName = new Map();
    loaders.set(context, byName);
  }
  let loader = byName.get(name) as DataLoader<Key, unknown> | undefined;
  if (!loader) {
    loader = new DataLoader<Key, unknown>(
      async (keys) => {
        const rows = await loadMany([...new Set(keys)]);
        if (options?.groupBy) {
          const groups = new Map<Key, Row[]>();
          for (const row of rows) {
            const group = groups.get(keyOf(row));
            if (group) group.push(row);
            else groups.set(keyOf(row), [row]);
          }
          return keys.map((key) => groups.get(key) ?? []);
        }
        const byKey = new Map(rows.map((row) => [keyOf(row), row]));
        return keys.map((key) => byKey.get(key) ?? null);
      },
      { cache: false },
    );
    byName.set(name, loader as DataLoader<unknown, unknown>);
  }
  return loader;
}
