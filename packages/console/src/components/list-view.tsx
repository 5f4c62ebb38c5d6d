import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { graphql } from '../api/graphql.ts';
import { type Problem, toProblem } from '../api/problem.ts';
import { localToIso } from '../format.ts';
import { type ActionSpec, useActionRunner } from './actions.tsx';
import { ProblemAlert } from './feedback.tsx';
import { FieldInput, type FieldSpec, type FormValues, initialValues } from './forms.tsx';

/** A filter: a list argument of the query, with its GraphQL type (`String`, `Boolean`, `OrderStatus` ...). */
export interface FilterSpec extends FieldSpec {
  graphqlType: string;
}

export interface Column<Row> {
  label: string;
  render: (row: Row) => ReactNode;
  /** Renders as the row's header cell (th scope=row). */
  rowHeader?: boolean;
}

export interface ListConfig<Row> {
  /** The list's caption (also names its filter form, pagination and action buttons). */
  caption: string;
  /** The root query field: `inventory_items`, `orders`, ... */
  field: string;
  /** The fields selected of each record. */
  selection: string;
  /** Arguments always passed (a parent record's id), with their GraphQL types. */
  fixed?: Record<string, { type: string; value: unknown }>;
  filters?: FilterSpec[];
  /** Sort values the API accepts for this list (`-created_at` ...): offered when given. */
  sorts?: { value: string; label: string }[];
  columns: Column<Row>[];
  rowKey: (row: Row) => string;
  /** How a screen reader names the record in its action buttons ("order SO-0001"). */
  rowLabel: (row: Row) => string;
  actions?: ActionSpec<Row>[];
  /** Page-level actions shown above the list (create ...), reloading it when done. */
  toolbar?: ActionSpec<void>[];
  perPage?: number;
  /** Re-read every 2 s while it holds (long operations in progress). */
  poll?: (rows: Row[]) => boolean;
  /** Any change re-reads the list (a live event, another list's action). */
  reloadKey?: unknown;
  /** Called with each page read (a page showing details of the selected record). */
  onRows?: (rows: Row[]) => void;
  /** The row shown as selected (aria-selected-like emphasis and a "current" marker). */
  selectedKey?: string;
  empty?: string;
}

interface Page<Row> {
  data: Row[];
  meta: { total: number; page: number; per_page: number; next_cursor: string | null };
}

const PER_PAGE_CHOICES = [10, 25, 50, 100];

/** The query of one page: only the arguments that have a value are passed, as a REST client would. */
function buildQuery(config: ListConfig<unknown>, args: Record<string, { type: string; value: unknown }>): string {
  const entries = Object.entries(args);
  const variables = entries.map(([name, { type }]) => `$${name}: ${type}`).join(', ');
  const passed = entries.map(([name]) => `${name}: $${name}`).join(', ');
  return `query ConsoleList_${config.field}(${variables}) { ${config.field}(${passed}) { data { ${config.selection} } meta { total page per_page next_cursor } } }`;
}

/**
 * The one list of the console: a table with caption and headers, filters named and typed as the
 * API's list arguments, numbered pages (`page`, `per_page`) and row actions each shown only when
 * the session's scopes allow it and the record's state permits it. Pages configure it.
 */
export function ListView<Row>(config: ListConfig<Row>) {
  const formId = useId();
  const filters = useMemo(() => config.filters ?? [], [config.filters]);
  const [draft, setDraft] = useState<FormValues>(() => initialValues(filters));
  const [applied, setApplied] = useState<FormValues>(() => initialValues(filters));
  const [sort, setSort] = useState('');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(config.perPage ?? 25);
  const [result, setResult] = useState<Page<Row> | undefined>();
  const [problem, setProblem] = useState<Problem | undefined>();
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);
  const reload = useCallback(() => setReloads((count) => count + 1), []);
  const runner = useActionRunner(reload, [...(config.toolbar ?? []), ...(config.actions ?? [])] as ActionSpec<never>[]);

  const args = useMemo(() => {
    const built: Record<string, { type: string; value: unknown }> = { ...config.fixed, page: { type: 'Int', value: page }, per_page: { type: 'Int', value: perPage } };
    if (sort) built.sort = { type: 'String', value: sort };
    for (const filter of filters) {
      const value = applied[filter.name];
      if (value === '' || value === undefined || value === false) continue;
      if (filter.graphqlType === 'Boolean') built[filter.name] = { type: 'Boolean', value: value === true || value === 'true' };
      else if (filter.graphqlType === 'Int') built[filter.name] = { type: 'Int', value: Number(value) };
      else if (filter.graphqlType === 'DateTime') built[filter.name] = { type: 'DateTime', value: localToIso(String(value)) };
      else built[filter.name] = { type: filter.graphqlType, value };
    }
    return built;
  }, [config.fixed, page, perPage, sort, filters, applied]);

  const { field, onRows, poll } = config;
  const query = buildQuery(config as ListConfig<unknown>, args);
  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    graphql<Record<string, Page<Row>>>(query, Object.fromEntries(Object.entries(args).map(([name, { value }]) => [name, value]))).then(
      (data) => {
        if (cancelled) return;
        const found = data[field];
        setResult(found);
        setProblem(undefined);
        setLoading(false);
        if (found) onRows?.(found.data);
      },
      (error: unknown) => {
        if (cancelled) return;
        setProblem(toProblem(error));
        setLoading(false);
      },
    );
    return () => {
      cancelled = true;
    };
    // `args` is what `query` is built from; its JSON stands for it (a new object each render).
  }, [query, JSON.stringify(args), reloads, config.reloadKey, field]);

  const polling = result && poll ? poll(result.data) : false;
  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(reload, 2_000);
    return () => clearInterval(timer);
  }, [polling, reload]);

  const applyFilters = (event: FormEvent) => {
    event.preventDefault();
    setApplied(draft);
    setPage(1);
  };
  const clearFilters = () => {
    const empty = initialValues(filters);
    setDraft(empty);
    setApplied(empty);
    setSort('');
    setPage(1);
  };

  const rows = result?.data ?? [];
  const total = result?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const rowActions = config.actions ?? [];
  const showActions = rows.some((row) => rowActions.some((action) => runner.allowed(action, row)));
  const toolbar = (config.toolbar ?? []).filter((action) => runner.allowed(action, undefined));

  return (
    <div className="list-view">
      {toolbar.length > 0 && (
        <div className="button-row list-toolbar">
          {toolbar.map((action) => (
            <button key={action.label} type="button" onClick={() => void runner.start(action, undefined, action.label)}>
              {action.label}
            </button>
          ))}
        </div>
      )}
      {(filters.length > 0 || config.sorts) && (
        <form className="filters" role="search" aria-label={`Filter ${config.caption.toLowerCase()}`} onSubmit={applyFilters}>
          {filters.map((filter) => (
            <FieldInput key={filter.name} field={{ ...filter, required: false }} idPrefix={formId} value={draft[filter.name]} onChange={(value) => setDraft((previous) => ({ ...previous, [filter.name]: value }))} />
          ))}
          {config.sorts && (
            <div className="field">
              <label htmlFor={`${formId}-sort`}>Sort</label>
              <select id={`${formId}-sort`} value={sort} onChange={(event) => setSort(event.target.value)}>
                <option value="">Default</option>
                {config.sorts.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="button-row">
            <button type="submit">Apply filters</button>
            <button type="button" className="secondary" onClick={clearFilters}>
              Clear
            </button>
          </div>
        </form>
      )}
      {runner.outcome}
      <ProblemAlert problem={problem} />
      <div className="table-wrap" tabIndex={0} role="region" aria-label={config.caption}>
        <table aria-busy={loading}>
          <caption>
            {config.caption}
            <span className="caption-meta">
              {loading && !result ? ' · loading…' : ` · ${total} ${total === 1 ? 'record' : 'records'}`}
              {polling ? ' · updating' : ''}
            </span>
          </caption>
          <thead>
            <tr>
              {config.columns.map((column) => (
                <th key={column.label} scope="col">
                  {column.label}
                </th>
              ))}
              {showActions && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && !loading && (
              <tr>
                <td colSpan={config.columns.length + (showActions ? 1 : 0)} className="empty">
                  {config.empty ?? 'Nothing matches.'}
                </td>
              </tr>
            )}
            {rows.map((row) => {
              const key = config.rowKey(row);
              return (
                <tr key={key} className={config.selectedKey === key ? 'selected' : undefined} aria-current={config.selectedKey === key ? 'true' : undefined}>
                  {config.columns.map((column) =>
                    column.rowHeader ? (
                      <th key={column.label} scope="row">
                        {column.render(row)}
                      </th>
                    ) : (
                      <td key={column.label}>{column.render(row)}</td>
                    ),
                  )}
                  {showActions && (
                    <td className="row-actions">
                      {rowActions
                        .filter((action) => runner.allowed(action, row))
                        .map((action) => (
                          <button key={action.label} type="button" className="small" onClick={() => void runner.start(action, row, `${action.label} ${config.rowLabel(row)}`)}>
                            {action.label}
                            <span className="visually-hidden"> {config.rowLabel(row)}</span>
                          </button>
                        ))}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <nav className="pagination" aria-label={`${config.caption} pages`}>
        <button type="button" className="secondary small" disabled={page <= 1} onClick={() => setPage((current) => current - 1)}>
          Previous page
        </button>
        <span>
          Page {result?.meta.page ?? page} of {pages}
        </span>
        <button type="button" className="secondary small" disabled={page >= pages} onClick={() => setPage((current) => current + 1)}>
          Next page
        </button>
        <label className="per-page">
          Per page{' '}
          <select
            value={perPage}
            onChange={(event) => {
              setPerPage(Number(event.target.value));
              setPage(1);
            }}
          >
            {PER_PAGE_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        </label>
      </nav>
    </div>
  );
}
