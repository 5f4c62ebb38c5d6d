import type { ReactNode } from 'react';
import type { Problem } from '../api/problem.ts';

/** A problem the platform reported: detail, code and request id, announced at once (role=alert). */
export function ProblemAlert({ problem, onDismiss }: { problem: Problem | undefined; onDismiss?: () => void }) {
  if (!problem) return null;
  return (
    <div role="alert" className="alert alert-error">
      <p className="alert-title">{problem.title}</p>
      <p>{problem.detail}</p>
      {problem.fields && (
        <ul>
          {problem.fields.map((field) => (
            <li key={`${field.field}:${field.message}`}>
              {field.field ? <code>{field.field}</code> : null} {field.message}
            </li>
          ))}
        </ul>
      )}
      <p className="alert-meta">
        Code <code>{problem.code}</code>
        {problem.requestId ? (
          <>
            {' '}
            · Request id <code>{problem.requestId}</code>
          </>
        ) : null}
      </p>
      {onDismiss && (
        <button type="button" className="button-link" onClick={onDismiss}>
          Dismiss
        </button>
      )}
    </div>
  );
}

/** A polite status message (an action that succeeded). */
export function Notice({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="status" className="alert alert-success">
      {children}
    </p>
  );
}

/** A secret the platform shows once: copy it now, it is not shown again. */
export function SecretOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  return (
    <section className="secret" aria-labelledby="secret-heading">
      <h2 id="secret-heading">{label}</h2>
      <p>Copy it now: it is shown only once and cannot be read again.</p>
      <p>
        <code className="secret-value" data-testid="secret-value">
          {value}
        </code>
      </p>
      <div className="button-row">
        <button type="button" onClick={() => void navigator.clipboard?.writeText(value)}>
          Copy
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          I have stored it
        </button>
      </div>
    </section>
  );
}

export function StatusBadge({ value }: { value: string | null | undefined }) {
  if (!value) return <span>—</span>;
  return <span className={`badge badge-${value.replace(/[^a-z_]/g, '')}`}>{value.replace(/_/g, ' ')}</span>;
}

/** Progress of a long operation (a sync job's records, a run's steps) as a labelled progress bar. */
export function Progress({ label, value, max, text }: { label: string; value: number; max: number | undefined; text: string }) {
  return (
    <span className="progress">
      <progress aria-label={label} value={max ? value : undefined} max={max || undefined} />
      <span>{text}</span>
    </span>
  );
}
