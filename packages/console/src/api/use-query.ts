import { useCallback, useEffect, useState } from 'react';
import { graphql } from './graphql.ts';
import { type Problem, toProblem } from './problem.ts';

/** One GraphQL query's data, re-read when `variables` or `reloadKey` change, or on `reload()`. */
export function useQuery<T>(query: string | undefined, variables: Record<string, unknown> = {}, reloadKey?: unknown) {
  const [data, setData] = useState<T | undefined>();
  const [problem, setProblem] = useState<Problem | undefined>();
  const [reloads, setReloads] = useState(0);
  const reload = useCallback(() => setReloads((count) => count + 1), []);
  const key = JSON.stringify(variables);
  useEffect(() => {
    if (!query) return;
    let cancelled = false;
    graphql<T>(query, JSON.parse(key) as Record<string, unknown>).then(
      (found) => {
        if (cancelled) return;
        setData(found);
        setProblem(undefined);
      },
      (error: unknown) => {
        if (!cancelled) setProblem(toProblem(error));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [query, key, reloads, reloadKey]);
  return { data, problem, reload };
}

/** Options of a select from a list query (warehouses, roles, connectors ...), when the scope allows reading them. */
export function useOptions(query: string | undefined, pick: (data: Record<string, { data: Record<string, unknown>[] }>) => { value: string; label: string }[]) {
  const { data } = useQuery<Record<string, { data: Record<string, unknown>[] }>>(query);
  return data ? pick(data) : [];
}
