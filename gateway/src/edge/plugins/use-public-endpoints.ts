import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { scopeCatalogue } from '@platform/auth';
import { errorCatalogue } from '@platform/errors';
import type { Plugin } from 'graphql-yoga';
import type { JWK } from 'jose';

const require = createRequire(import.meta.url);
const API_REFERENCE_SCRIPT = '/docs/assets/api-reference.js';

/**
 * Endpoints anyone may read, answered before authentication: the OpenAPI document, an API
 * reference page whose script is served from the installed npm package (it renders offline;
 * no CDN, no web fonts), the error-code and scope catalogue, and the JWKS of the token keys.
 */
export function usePublicEndpoints(options: { openApiPath: string; openApiDocument: () => unknown; publicJwks: JWK[] }): Plugin {
  let referenceScript: Promise<string> | undefined;
  const routes: Record<string, () => Promise<Response>> = {
    [options.openApiPath]: async () => Response.json(options.openApiDocument()),
    '/docs': async () => html(apiReferencePage(options.openApiPath)),
    [API_REFERENCE_SCRIPT]: async () => {
      referenceScript ??= readFile(require.resolve('@scalar/api-reference/browser/standalone.js'), 'utf8');
      return new Response(await referenceScript, { headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
    },
    '/docs/errors': async () => html(catalogueReferencePage()),
    '/.well-known/jwks.json': async () => Response.json({ keys: options.publicJwks }, { headers: { 'cache-control': 'public, max-age=300' } }),
  };
  return {
    async onRequest({ request, url, endResponse }) {
      const route = routes[url.pathname];
      if (route && (request.method === 'GET' || request.method === 'HEAD')) endResponse(await route());
    },
  };
}

function html(body: string): Response {
  return new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } });
}

function apiReferencePage(openApiPath: string): string {
  // Nothing on this page may reach a third party: no web fonts, no hosted AI agent, no
  // "deploy/share" developer tools.
  const configuration = JSON.stringify({ withDefaultFonts: false, hideClientButton: true, telemetry: false, showDeveloperTools: 'never', agent: { disabled: true } });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Platform API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>
<script id="api-reference" data-url="${openApiPath}" data-configuration='${configuration}'></script>
<script src="${API_REFERENCE_SCRIPT}"></script>
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
