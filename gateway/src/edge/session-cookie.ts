/**
 * The console session's cookie. `__Host-` makes the browser refuse it unless it is Secure, has
 * Path=/ and no Domain (no sibling host can set or shadow it); HttpOnly keeps it from scripts;
 * SameSite=Strict keeps it off requests started by other sites. Browsers accept Secure cookies
 * on http://localhost and 127.0.0.1, so local development works without TLS.
 */
export const SESSION_COOKIE = '__Host-platform_session';

/** A Set-Cookie value holding a session's token until the session's absolute end. */
export function sessionCookie(token: string, expiresAt: Date): string {
  return `${SESSION_COOKIE}=${token}; Path=/; Expires=${expiresAt.toUTCString()}; HttpOnly; Secure; SameSite=Strict`;
}

/** A Set-Cookie value that removes the session cookie. */
export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; HttpOnly; Secure; SameSite=Strict`;
}

/** The value of one cookie of the request's `Cookie` header, if present and not empty. */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie');
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== name) continue;
    const value = pair.slice(separator + 1).trim();
    return value === '' ? undefined : value;
  }
  return undefined;
}
