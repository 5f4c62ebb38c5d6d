/** A failure as the platform reports it (RFC 9457 problem, or a GraphQL error's extensions). */
export interface Problem {
  title: string;
  detail: string;
  code: string;
  status?: number;
  requestId?: string;
  /** Each field at fault, when the platform named them. */
  fields?: { field: string; message: string }[];
}

export class ProblemError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail || problem.title);
    this.name = 'ProblemError';
  }
}

/** Any thrown value as a problem the console can show. */
export function toProblem(error: unknown): Problem {
  if (error instanceof ProblemError) return error.problem;
  if (error instanceof TypeError) return { title: 'Network error', detail: 'The platform could not be reached. Check your connection and try again.', code: 'network_error' };
  return { title: 'Unexpected error', detail: error instanceof Error ? error.message : String(error), code: 'console_error' };
}

function fieldErrors(value: unknown): Problem['fields'] {
  if (!Array.isArray(value)) return undefined;
  const fields = value
    .filter((entry): entry is { field?: unknown; name?: unknown; message?: unknown; detail?: unknown } => typeof entry === 'object' && entry !== null)
    .map((entry) => ({ field: String(entry.field ?? entry.name ?? ''), message: String(entry.message ?? entry.detail ?? '') }));
  return fields.length ? fields : undefined;
}

/** The problem of a non-2xx response: its problem+json body, or what the status says. */
export async function problemOfResponse(response: Response): Promise<Problem> {
  const requestId = response.headers.get('x-request-id') ?? undefined;
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    if (typeof body.code === 'string' || typeof body.title === 'string') {
      return {
        title: String(body.title ?? response.statusText),
        detail: String(body.detail ?? body.title ?? ''),
        code: String(body.code ?? `http_${response.status}`),
        status: response.status,
        requestId: typeof body.request_id === 'string' ? body.request_id : requestId,
        fields: fieldErrors(body.errors),
      };
    }
  } catch {
    // not JSON: described by its status below
  }
  return { title: response.statusText || `HTTP ${response.status}`, detail: `The platform answered ${response.status}.`, code: `http_${response.status}`, status: response.status, requestId };
}

/** The problem of a GraphQL error (`extensions.code`, the response's request id). */
export function problemOfGraphqlError(error: { message?: string; extensions?: Record<string, unknown> }, requestId?: string): Problem {
  const extensions = error.extensions ?? {};
  return {
    title: String(extensions.title ?? 'Request refused'),
    detail: String(extensions.detail ?? error.message ?? 'The request failed.'),
    code: String(extensions.code ?? 'graphql_error'),
    status: typeof extensions.status === 'number' ? extensions.status : undefined,
    requestId: typeof extensions.request_id === 'string' ? extensions.request_id : requestId,
    fields: fieldErrors(extensions.errors),
  };
}
