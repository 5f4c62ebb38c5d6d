import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { CONSOLE_BASE_PATH, consoleDistDir } from '@platform/console';
import { ApiError } from '@platform/errors';
import type { Plugin } from 'graphql-yoga';
import { problemFor } from '../responses.ts';
import { CACHE, StaticDocument } from '../static-documents.ts';

/**
 * The Content-Security-Policy of the console's pages: its own files only (no inline script, no
 * CDN, no web font), API calls and graphql-ws to its own origin ('self' covers ws(s) of the same
 * host in CSP Level 3), never framed.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};
const ASSETS = `${CONSOLE_BASE_PATH}/assets/`;

/**
 * Serves the operations console (packages/console, built by Vite) at /console, before
 * authentication (the page is public; what it shows comes from the API with the user's token):
 * - `/console/assets/*`: the hashed files of the build, cached for a year (immutable);
 * - any other path under /console (the SPA's routes): index.html, revalidated on every use;
 * - each a StaticDocument (strong ETag, 304, br/gzip compressed once), read on first request and
 *   re-read when the build changes (index.html's modification time), so a rebuild is served
 *   without a restart;
 * - a missing build is a 503 `console_not_built` problem, not a crash.
 */
export function useConsole(options: { distDir?: string } = {}): Plugin {
  const distDir = options.distDir ?? consoleDistDir;
  let index: { modified: number; document: StaticDocument } | undefined;
  const assets = new Map<string, Promise<StaticDocument | undefined>>();

  const indexDocument = async (): Promise<StaticDocument | undefined> => {
    const modified = await stat(join(distDir, 'index.html')).then((stats) => stats.mtimeMs, () => undefined);
    if (modified === undefined) return undefined;
    if (index?.modified !== modified) {
      const body = await readFile(join(distDir, 'index.html'));
      index = { modified, document: new StaticDocument(body, { contentType: 'text/html; charset=utf-8', cacheControl: CACHE.revalidate }) };
      // Another build: hashed names change, so the old ones may be forgotten.
      assets.clear();
    }
    return index.document;
  };

  const assetDocument = (name: string): Promise<StaticDocument | undefined> => {
    let found = assets.get(name);
    if (!found) {
      const path = normalize(join(distDir, 'assets', name));
      found = path.startsWith(join(distDir, 'assets') + sep)
        ? readFile(path).then(
            (body) => new StaticDocument(body, { contentType: CONTENT_TYPES[extname(name)] ?? 'application/octet-stream', cacheControl: CACHE.immutable }),
            () => undefined,
          )
        : Promise.resolve(undefined);
      assets.set(name, found);
      // An asset not found is not remembered (a build may be under way).
      void found.then((document) => document ?? assets.delete(name));
    }
    return found;
  };

  const isConsole = (pathname: string) => pathname === CONSOLE_BASE_PATH || pathname.startsWith(`${CONSOLE_BASE_PATH}/`);

  return {
    async onRequest({ request, url, endResponse, fetchAPI }) {
      if (!isConsole(url.pathname)) return;
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        endResponse(problemFor(new ApiError('method_not_allowed', `${request.method} is not allowed on the console; it is read with GET.`, { allowed_methods: ['GET', 'HEAD'] }), request));
        return;
      }
      if (url.pathname === CONSOLE_BASE_PATH) {
        endResponse(new fetchAPI.Response(null, { status: 308, headers: { location: `${CONSOLE_BASE_PATH}/${url.search}` } }));
        return;
      }
      if (url.pathname.startsWith(ASSETS)) {
        const document = await assetDocument(decodeURIComponent(url.pathname.slice(ASSETS.length)));
        if (document) endResponse(await document.respond(request, fetchAPI.Response));
        else endResponse(problemFor(new ApiError('route_not_found', `The console has no file ${url.pathname}.`), request));
        return;
      }
      const document = await indexDocument();
      if (!document) {
        endResponse(problemFor(new ApiError('console_not_built', 'The operations console has not been built on this installation: run npm run build, or npm start (which builds it).'), request));
        return;
      }
      endResponse(await document.respond(request, fetchAPI.Response));
    },
    onResponse({ request, response }) {
      if (!isConsole(new URL(request.url).pathname)) return;
      // After useSecurityHeaders (earlier in the list), whose HTML policy only fixes framing.
      if (response.headers.get('content-type')?.startsWith('text/html') || response.status === 304) {
        response.headers.set('content-security-policy', CONSOLE_CSP);
        response.headers.set('x-frame-options', 'DENY');
      }
    },
  };
}
