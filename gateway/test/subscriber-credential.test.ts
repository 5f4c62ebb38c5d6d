import type { Principal } from '@platform/auth';
import { ApiError } from '@platform/errors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CredentialAuthenticator } from '../src/edge/credentials.ts';
import { SubscriberCredential } from '../src/subscriptions/subscriber-credential.ts';

/**
 * The credential live subscriptions run on, on a simulated clock: it ends exactly at its expiry
 * (even one beyond setTimeout's 24.8-day range), a renewal moves the expiry, and a check ends it
 * only when the credential is invalid, not when it could not be checked.
 */

const DAY_MS = 24 * 3600 * 1000;

function principal(expiresInMs: number | undefined, type: 'oauth_client' | 'api_key' = 'oauth_client'): Principal {
  return { tenantId: 'ten_1', scopes: new Set(['events:read']), credential: { type, id: 'cli_1' }, ...(expiresInMs !== undefined && { expiresAt: new Date(Date.now() + expiresInMs) }) };
}

/** An authenticator whose answer for every credential the test sets. */
function authenticator(answer: () => Promise<Principal>): CredentialAuthenticator {
  return { authenticate: answer, forgetToken: () => {}, forgetSessions: () => {} };
}

const valid = authenticator(async () => principal(undefined));

describe('SubscriberCredential', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function ended(credential: SubscriberCredential): ApiError[] {
    const errors: ApiError[] = [];
    credential.onEnd((error) => errors.push(error));
    return errors;
  }

  it('ends with invalid_token at the expiry, not a millisecond before, and tells each listener once', () => {
    const credential = new SubscriberCredential(valid, 'token', principal(1000));
    const first = ended(credential);
    const second = ended(credential);
    vi.advanceTimersByTime(999);
    expect(first).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(first).toEqual([expect.objectContaining({ message: 'The access token has expired.', extensions: { code: 'invalid_token' } })]);
    expect(second).toHaveLength(1);
    vi.advanceTimersByTime(DAY_MS);
    expect(first).toHaveLength(1);
    // A listener that comes after the end hears of it at once.
    expect(ended(credential)).toHaveLength(1);
  });

  it('ends an API key at its expires_at, 30 days away, beyond the longest delay of setTimeout', () => {
    const errors = ended(new SubscriberCredential(valid, 'sk_live_x', principal(30 * DAY_MS, 'api_key')));
    vi.advanceTimersByTime(1);
    expect(errors).toEqual([]);
    vi.advanceTimersByTime(30 * DAY_MS - 2);
    expect(errors).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(errors).toEqual([expect.objectContaining({ message: 'The API key has expired.' })]);
  });

  it('never ends by itself without an expiry', () => {
    const errors = ended(new SubscriberCredential(valid, 'sk_live_x', principal(undefined, 'api_key')));
    vi.advanceTimersByTime(365 * DAY_MS);
    expect(errors).toEqual([]);
  });

  it('moves the expiry to the renewed credential\'s', () => {
    const credential = new SubscriberCredential(valid, 'old', principal(1000));
    const errors = ended(credential);
    vi.advanceTimersByTime(500);
    credential.replace('new', principal(4500));
    vi.advanceTimersByTime(4499);
    expect(errors).toEqual([]);
    expect(credential.principal.expiresAt?.getTime()).toBe(Date.now() + 1);
    vi.advanceTimersByTime(1);
    expect(errors).toHaveLength(1);
  });

  it('ends when a check finds the credential invalid, but not when it could not be checked', async () => {
    let answer: () => Promise<Principal> = async () => principal(undefined);
    const credential = new SubscriberCredential(authenticator(() => answer()), 'token', principal(undefined));
    const errors = ended(credential);
    expect(await credential.check()).toBeUndefined();

    answer = () => Promise.reject(new ApiError('database_unavailable', 'The database did not answer.'));
    expect(await credential.check()).toEqual(expect.objectContaining({ extensions: { code: 'database_unavailable' } }));
    expect(errors).toEqual([]);

    answer = () => Promise.reject(new ApiError('invalid_token', 'The access token has been revoked.'));
    expect(await credential.check()).toEqual(expect.objectContaining({ extensions: { code: 'invalid_token' } }));
    expect(errors).toEqual([expect.objectContaining({ message: 'The access token has been revoked.' })]);
  });

  it('ignores a failed check of a credential renewed while it ran', async () => {
    let reject: (error: Error) => void = () => {};
    const credential = new SubscriberCredential(authenticator(() => new Promise((_resolve, fail) => (reject = fail))), 'old', principal(undefined));
    const errors = ended(credential);
    const checking = credential.check();
    credential.replace('new', principal(undefined));
    reject(new ApiError('invalid_token', 'The access token has expired.'));
    expect(await checking).toBeUndefined();
    expect(errors).toEqual([]);
  });
});
