/** One link of an RFC 8288 `Link` header: its target as written (maybe relative) and its parameters. */
export interface WebLink {
  target: string;
  /** Parameter names lower-cased; of a repeated parameter only the first counts (RFC 8288 §3.3). */
  params: Map<string, string>;
}

export class LinkHeaderError extends Error {}

const TOKEN_CHARACTER = /[!#$%&'*+.^_`|~0-9A-Za-z-]/;

/**
 * Parses a `Link` field value (several fields joined by ", " as fetch does): `<uri>; rel="next"; title="a, b", <uri>; rel=last`.
 * Targets may hold `,` and `;`, quoted parameter values may hold them too and backslash escapes; a
 * value this grammar does not allow throws LinkHeaderError rather than guessing where links end.
 */
export function parseLinkHeader(value: string): WebLink[] {
  const links: WebLink[] = [];
  let at = 0;
  const skipSpace = () => {
    while (value[at] === ' ' || value[at] === '\t') at++;
  };
  const fail = (expected: string): never => {
    throw new LinkHeaderError(`expected ${expected} at character ${at + 1}`);
  };
  const readToken = (): string => {
    const start = at;
    while (at < value.length && TOKEN_CHARACTER.test(value[at] as string)) at++;
    return at > start ? value.slice(start, at) : fail('a token');
  };
  const readQuoted = (): string => {
    let text = '';
    for (at++; at < value.length; at++) {
      const character = value[at] as string;
      if (character === '"') {
        at++;
        return text;
      }
      if (character === '\\') at++;
      if (at < value.length) text += value[at];
    }
    return fail('a closing quote');
  };

  for (;;) {
    // Empty list elements are allowed (RFC 9110 §5.6.1).
    skipSpace();
    while (value[at] === ',') {
      at++;
      skipSpace();
    }
    if (at >= value.length) return links;
    if (value[at] !== '<') fail('"<"');
    const end = value.indexOf('>', at);
    if (end < 0) fail('">"');
    const link: WebLink = { target: value.slice(at + 1, end).trim(), params: new Map() };
    at = end + 1;
    for (;;) {
      skipSpace();
      if (at >= value.length || value[at] === ',') break;
      if (value[at] !== ';') fail('";" or ","');
      at++;
      skipSpace();
      const name = readToken().toLowerCase();
      skipSpace();
      let parameterValue = '';
      if (value[at] === '=') {
        at++;
        skipSpace();
        parameterValue = value[at] === '"' ? readQuoted() : readToken();
      }
      if (!link.params.has(name)) link.params.set(name, parameterValue);
    }
    links.push(link);
  }
}

/** The target of the first link whose relation types (space-separated, case-insensitive) include `next`. */
export function nextLinkTarget(links: WebLink[]): string | undefined {
  return links.find((link) => (link.params.get('rel') ?? '').toLowerCase().split(/\s+/).includes('next'))?.target;
}
