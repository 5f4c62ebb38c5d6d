import { EXPRESSION_LIMITS } from '@platform/automation';

/** Bounds on tenants' mappings: those of every expression (see EXPRESSION_LIMITS), and of a definition and a preview. */
export const MAPPING_LIMITS = {
  ...EXPRESSION_LIMITS,
  /** Keys in a definition's `fields`: no input type of the platform comes near it. */
  fieldCount: 100,
  /** Sample records in one preview. */
  previewRecords: 100,
} as const;
