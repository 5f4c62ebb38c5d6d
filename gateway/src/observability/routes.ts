/** The `route` of a request matching none of the templates: never its raw path (ids would make a series each). */
export const UNMATCHED_ROUTE = 'unmatched';

interface Node {
  literal: Map<string, Node>;
  /** A `{name}` segment: any one segment. */
  parameter?: Node;
  /** The template ending here, if one does. */
  template?: string;
  /** A template ending in `/*` here: this path and anything below it. */
  rest?: string;
}

const node = (): Node => ({ literal: new Map() });

/**
 * The `route` label of request metrics: the template a path matches (`/v1/crm/orders/{id}`), or
 * UNMATCHED_ROUTE. Templates are paths whose `{name}` segments match any one segment and whose
 * final `*` matches the path itself and anything below it (`/console/*`). A literal segment wins
 * over a parameter (`/v1/crm/orders/aggregate` over `/v1/crm/orders/{id}`), a parameter over `*`.
 */
export function routeLabeller(templates: Iterable<string>): (path: string) => string {
  const root = node();
  for (const template of templates) {
    let at = root;
    const segments = template.split('/').slice(1);
    for (const [index, segment] of segments.entries()) {
      if (segment === '*' && index === segments.length - 1) {
        at.rest = template;
        break;
      }
      if (/^\{\w+\}$/.test(segment)) at = at.parameter ??= node();
      else {
        const next = at.literal.get(segment) ?? node();
        at.literal.set(segment, next);
        at = next;
      }
      if (index === segments.length - 1) at.template = template;
    }
  }
  const match = (at: Node, segments: string[], from: number): string | undefined => {
    if (from === segments.length) return at.template ?? at.rest;
    const segment = segments[from] as string;
    const literal = at.literal.get(segment);
    return (literal && match(literal, segments, from + 1)) ?? (at.parameter && segment !== '' ? match(at.parameter, segments, from + 1) : undefined) ?? at.rest;
  };
  return (path) => (path.startsWith('/') ? match(root, path.split('/').slice(1), 0) : undefined) ?? UNMATCHED_ROUTE;
}
