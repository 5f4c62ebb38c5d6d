/**
 * Bounds on tenants' expressions. Expressions run inside the platform, so each bound keeps one
 * tenant's mapping or workflow from blocking or exhausting the process the other tenants share.
 */
export const EXPRESSION_LIMITS = {
  /** Characters in one expression. */
  expressionLength: 4_000,
  /**
   * Wall-clock milliseconds for one evaluation (a mapping also bounds a record's expressions
   * together by it, so a record never takes more than about twice it).
   */
  recordMs: 100,
  /** Nested evaluation steps: a runaway recursion fails here (a 30-deep recursion needs about 100). */
  evaluationDepth: 300,
  /** Items in one sequence (a range, the results of a path). */
  sequenceLength: 10_000,
  /**
   * Size of any value an expression produces along the way: the characters of its strings plus one
   * per value. A few steps of doubling a string, or a path repeating a long string of the record,
   * would otherwise exhaust memory in a single built-in call such as `$string` or `$length`.
   */
  valueSize: 5_000_000,
  /** Width `$pad` may pad to: the built-in takes seconds for a width of millions. */
  padWidth: 10_000,
  /** Items `$distinct` may compare: it compares every pair. */
  distinctItems: 1_000,
} as const;
