import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { scopeCatalogue } from '@platform/auth';
import { errorCatalogue } from '@platform/errors';
import type { Plugin } from 'graphql-yoga';
import type { JWK } from 'jose';
import { CACHE, StaticDocument } from '../static-documents.ts';

const require = createRequire(import.meta.url);
const API_REFERENCE_SCRIPT = '/docs/assets/api-reference.js';
/** The script under a URL naming its content hash, so that it can be cached for a year. */
const VERSIONED_API_REFERENCE_SCRIPT = /^\/docs\/assets\/api-reference\.([0-9a-f]{32})\.js$/;

/**
 * Endpoints anyone may read, answered before authentication: the OpenAPI document, an API
 * reference page whose script is served from the installed npm package (it renders offline;
 * no CDN, no web fonts), the error-code and scope catalogue, and the JWKS of the token keys.
 *
 * Each is a StaticDocument: a strong ETag from its content hash (computed once), 304 for a
 * matching `If-None-Match`, gzip/br negotiated and compressed once, and the cache lifetime its
 * content allows. The GraphiQL page Yoga renders at GET `graphqlEndpoint` is given the same
 * treatment on its way out (Yoga answers it before any plugin's request hook runs).
 */
export function usePublicEndpoints(options: { openApiPath: string; openApiDocument: () => unknown; publicJwks: JWK[]; graphqlEndpoint?: string }): Plugin {
  const graphqlEndpoint = options.graphqlEndpoint ?? '/graphql';
  const script = once(async () => new StaticDocument(await readFile(require.resolve('@scalar/api-reference/browser/standalone.js')), { contentType: JAVASCRIPT, cacheControl: CACHE.short }));
  const versionedScript = once(async () => new StaticDocument((await script()).body, { contentType: JAVASCRIPT, cacheControl: CACHE.immutable }));
  const referencePage = once(async () => new StaticDocument(apiReferencePage(options.openApiPath, `/docs/assets/api-reference.${(await script()).hash}.js`), { contentType: HTML, cacheControl: CACHE.revalidate }));
  const cataloguePage = once(async () => new StaticDocument(catalogueReferencePage(), { contentType: HTML, cacheControl: CACHE.revalidate }));
  // Built once per content: a document that changed (another object, other keys, another page) gets a new hash.
  const openApi = lastOf((document: unknown) => new StaticDocument(JSON.stringify(document), { contentType: JSON_TYPE, cacheControl: CACHE.short }));
  const jwks = lastOf((text: string) => new StaticDocument(text, { contentType: JSON_TYPE, cacheControl: CACHE.short }));
  const graphiql = lastOf((page: string) => new StaticDocument(page, { contentType: HTML, cacheControl: CACHE.revalidate, vary: ['Accept'] }));
  const routes: Record<string, () => Promise<StaticDocument>> = {
    [options.openApiPath]: async () => openApi(options.openApiDocument()),
    '/docs': referencePage,
    [API_REFERENCE_SCRIPT]: script,
    '/docs/errors': cataloguePage,
    '/.well-known/jwks.json': async () => jwks(JSON.stringify({ keys: options.publicJwks })),
  };
  return {
    async onRequest({ request, url, endResponse, fetchAPI }) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const route = routes[url.pathname];
      if (route) return endResponse(await (await route()).respond(request, fetchAPI.Response));
      const versioned = VERSIONED_API_REFERENCE_SCRIPT.exec(url.pathname);
      // Another hash (a page of an older version) is not this content: it falls through to 404.
      if (versioned && versioned[1] === (await script()).hash) endResponse(await (await versionedScript()).respond(request, fetchAPI.Response));
    },
    async onResponse({ request, response, setResponse, fetchAPI }) {
      if (request.method !== 'GET' || response.status !== 200 || !response.headers.get('content-type')?.startsWith('text/html')) return;
      if (new URL(request.url).pathname !== graphqlEndpoint) return;
      // Yoga renders the same page for every request; its hash and compressed forms are made once.
      setResponse(await graphiql(await response.text()).respond(request, fetchAPI.Response, response.headers));
    },
  };
}

const HTML = 'text/html; charset=utf-8';
const JAVASCRIPT = 'text/javascript; charset=utf-8';
const JSON_TYPE = 'application/json';

/** `make()` once, its promise shared (a failure is forgotten, so that the next request retries). */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    if (!made) {
      made = make();
      made.catch(() => (made = undefined));
    }
    return made;
  };
}

/** `make(input)`, remade only when the input differs from the last one (by identity: strings compare by content). */
function lastOf<I, T>(make: (input: I) => T): (input: I) => T {
  let last: { input: I; made: T } | undefined;
  return (input) => {
    if (!last || last.input !== input) last = { input, made: make(input) };
    return last.made;
  };
}

function apiReferencePage(openApiPath: string, scriptPath: string): string {
  // Nothing on this page may reach a third party: no web fonts, no hosted AI agent, no
  // "deploy/share" developer tools, and no proxy for "Test request": without `proxyUrl` the bundle
  // sends those requests through proxy.scalar.com; the empty one sends them to the platform itself.
  const configuration = JSON.stringify({ withDefaultFonts: false, hideClientButton: true, telemetry: false, showDeveloperTools: 'never', agent: { disabled: true }, proxyUrl: '' });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Platform API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>
<script id="api-reference" data-url="${openApiPath}" data-configuration='${configuration}'></script>
<script src="${scriptPath}"></script>
</body></html>`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function catalogueReferencePage(): string {
  const errorRows = Object.entries(errorCatalogue)
    .map(([code, entry]) => `<tr id="${code}"><td><code>${code}</code></td><td>${entry.status}</td><td>${escapeHtml(entry.title)}</td><td>${escapeHtml(entry.description)}</td></tr>`)
    .join('\n');
  const scopeRows = Object.entries(scopeCatalogue)
    .map(([scope, meaning]) => `<tr><td><code>${scope}</code></td><td>${escapeHtml(meaning)}</td></tr>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Platform API: errors and scopes</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}</style></head>
<body><h1>Error codes</h1>
<p>Errors are RFC 9457 problem details (<code>application/problem+json</code>) whose <code>type</code> points here and whose <code>code</code> is stable. GraphQL errors carry the same code in <code>extensions.code</code>.</p>
<table><tr><th>code</th><th>status</th><th>title</th><th>meaning</th></tr>
${errorRows}</table>
<h1>Scopes</h1><table><tr><th>scope</th><th>grants</th></tr>
${scopeRows}</table></body></html>`;
}
