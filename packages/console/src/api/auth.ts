import { ProblemError, problemOfResponse } from './problem.ts';

/** The Session JSON of the sign-in endpoints (docs/console.md, "Signing in"). */
export interface Session {
  status: 'signed_in';
  session: { id: string; method: string; expires_at: string };
  user: { id: string; email: string; name: string | null; totp_enabled: boolean };
  tenant: { id: string; name: string; environment: 'production' | 'sandbox'; paired_tenant_id: string | null };
  role: { id: string; name: string };
  scopes: string[];
  csrf_token: string;
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

export interface TotpRequired {
  status: 'totp_required';
  challenge_token: string;
  expires_in: number;
}

export interface RenewedToken {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  tenant_id: string;
  scopes: string[];
}

export interface Providers {
  password: boolean;
  oidc: { display_name: string; start_url: string } | null;
}

/** One call to /auth/*: JSON in and out, the session cookie sent, X-CSRF-Token when signed in. */
async function call<T>(method: 'GET' | 'POST', path: string, options: { body?: unknown; csrf?: string } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.csrf) headers['x-csrf-token'] = options.csrf;
  const response = await fetch(`/auth${path}`, { method, headers, credentials: 'same-origin', cache: 'no-store', body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  if (!response.ok) throw new ProblemError(await problemOfResponse(response));
  if (response.status === 204 || response.status === 202) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const auth = {
  providers: (tenantId: string) => call<Providers>('GET', `/providers?tenant_id=${encodeURIComponent(tenantId)}`),
  signIn: (input: { tenant_id: string; email: string; password: string }) => call<Session | TotpRequired>('POST', '/sign-in', { body: input }),
  signInTotp: (input: { challenge_token: string; code: string }) => call<Session>('POST', '/sign-in/totp', { body: input }),
  session: () => call<Session>('GET', '/session'),
  token: (csrf: string) => call<RenewedToken>('POST', '/token', { csrf, body: {} }),
  signOut: (csrf: string) => call<void>('POST', '/sign-out', { csrf, body: {} }),
  signOutEverywhere: (csrf: string) => call<void>('POST', '/sign-out-everywhere', { csrf, body: {} }),
  switchEnvironment: (csrf: string, environment: 'production' | 'sandbox', code?: string) => call<Session>('POST', '/switch-environment', { csrf, body: { environment, ...(code && { code }) } }),
  changePassword: (csrf: string, input: { current_password: string; new_password: string }) => call<void>('POST', '/password', { csrf, body: input }),
  totpSetup: (csrf: string) => call<{ secret: string; otpauth_uri: string }>('POST', '/totp/setup', { csrf, body: {} }),
  totpConfirm: (csrf: string, code: string) => call<Session>('POST', '/totp/confirm', { csrf, body: { code } }),
  totpDisable: (csrf: string, code: string) => call<Session>('POST', '/totp/disable', { csrf, body: { code } }),
  acceptInvitation: (input: { token: string; password: string; name?: string }) => call<Session>('POST', '/invitations/accept', { body: input }),
  requestPasswordReset: (input: { tenant_id: string; email: string }) => call<void>('POST', '/password-reset', { body: input }),
  completePasswordReset: (input: { token: string; password: string }) => call<void>('POST', '/password-reset/complete', { body: input }),
};

/** Where the IdP sign-in starts (the providers answer names it; this is the contract's default). */
export function oidcStartUrl(tenantId: string, returnTo = '/console/'): string {
  return `/auth/oidc/start?tenant_id=${encodeURIComponent(tenantId)}&return_to=${encodeURIComponent(returnTo)}`;
}
