/**
 * The value at a dot path (`data.items`, `meta.updated`, `items.0.id`) in parsed JSON, or undefined.
 * Only own properties are followed, so a path cannot reach `__proto__` or `constructor`.
 */
export function valueAtPath(value: unknown, path: string): unknown {
  let current = value;
  for (const segment of path.split('.')) {
    if (Array.isArray(current)) current = /^\d+$/.test(segment) ? current[Number(segment)] : undefined;
    else if (isJsonObject(current)) current = Object.hasOwn(current, segment) ? current[segment] : undefined;
    else return undefined;
  }
  return current;
}

export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
