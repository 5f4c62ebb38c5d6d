import { createHash } from 'node:crypto';

/**
 * At most this many distinct statements get a name: each connection keeps every named statement
 * it prepared until it closes, so the names must come from a bounded set. The platform's
 * statements are a few hundred shapes; a statement met once this many have been named is sent
 * unnamed (parsed and planned each time, as before).
 */
export const MAX_NAMED_STATEMENTS = 2_000;

/**
 * Names for the statements Prisma sends through node-postgres, so that each connection parses
 * and plans a statement once and then only binds and executes it (PostgreSQL switches a
 * statement run often enough to a generic plan). The same text always gets the same name, a
 * digest of it: node-postgres prepares a name once per connection and refuses a name reused for
 * another text.
 */
export function preparedStatementNames(limit = MAX_NAMED_STATEMENTS): (query: { sql: string }) => string {
  const names = new Map<string, string>();
  return ({ sql }) => {
    const known = names.get(sql);
    // An empty name is an unnamed statement to node-postgres.
    if (known !== undefined || names.size >= limit) return known ?? '';
    const name = `s_${createHash('sha256').update(sql).digest('base64url').slice(0, 32)}`;
    names.set(sql, name);
    return name;
  };
}
