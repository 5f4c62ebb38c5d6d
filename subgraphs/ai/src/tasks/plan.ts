/**
 * An agent task's plan: the concrete writes it will make, each a GraphQL mutation of the
 * supergraph with its variables, shown to the caller before anything runs (and approved first
 * with `require_approval`). Planners read what they need while planning (with the caller's
 * credential); the plan itself holds no expression to evaluate later, so what is approved is
 * exactly what is executed.
 */
export interface TaskStep {
  /** Unique in the plan (`step_1`): with the task's id, the step's idempotency key. */
  id: string;
  /** What the step does, in a sentence ("Draft a purchase order of 40 × SKU-1002 from Acme"). */
  description: string;
  /** The mutation's root field (`create_order`). */
  operation: string;
  /** One mutation selecting that root field, validated against the supergraph. */
  document: string;
  variables: Record<string, unknown>;
}

export interface TaskPlan {
  /** A kind the offline planner knows (`restock_below_reorder_point`), or `free_form` (a language model's plan). */
  kind: string;
  /** What the plan does, in a sentence. */
  summary: string;
  steps: TaskStep[];
}
