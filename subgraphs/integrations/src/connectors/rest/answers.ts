import { SourceError } from '../source.ts';

/** The body of an answer as text. One that breaks off (a timeout between chunks, a reset) may be read next time; one beyond the size limit will not. */
export async function readText(response: Response, where: string, signal?: AbortSignal): Promise<string> {
  try {
    return await response.text();
  } catch (error) {
    if (signal?.aborted) throw new SourceError('cancelled', false);
    const causes: unknown[] = [];
    for (let cause: unknown = error; cause instanceof Error && causes.length < 5; cause = cause.cause) causes.push(cause);
    const codes = causes.map((cause) => (cause as { code?: unknown }).code);
    if (codes.includes('UND_ERR_RES_EXCEEDED_MAX_SIZE')) throw new SourceError(`${where}: the answer is larger than the HTTP client's limit`, false);
    const code = codes.find((candidate) => typeof candidate === 'string');
    throw new SourceError(`${where}: the answer broke off (${typeof code === 'string' ? code : 'terminated'})`, true);
  }
}

/** A status the connector cannot read records from: refused credentials and malformed requests are for a person to fix, the rest may pass. */
export function statusFailure(where: string, status: number): SourceError {
  if (status === 401 || status === 403) return new SourceError(`${where}: the API refused the credentials (HTTP ${status})`, false, status);
  if (status === 408 || status === 429 || status >= 500) return new SourceError(`${where}: the API answered HTTP ${status}; a later try may pass`, true, status);
  // Redirects are not followed by the HTTP client (a redirect could lead into a private network).
  if (status >= 300 && status < 400) return new SourceError(`${where}: the API answered HTTP ${status}, a redirect, which is not followed (is base_url the API's final address?)`, false, status);
  return new SourceError(`${where}: the API answered HTTP ${status}`, false, status);
}
