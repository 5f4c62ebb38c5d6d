import { omittable, optionalText, text, versionRule } from '@platform/graphql-kit';
import { z } from 'zod';
import { SAVED_OPERATION_NAME } from '../operations/document-id.ts';

/** The edge's limit for any GraphQL document (DOCUMENT_LIMITS.characters): a saved one always runs. */
export const MAX_DOCUMENT_CHARACTERS = 64 * 1024;

/** The document is kept exactly as sent: its SHA-256 is the persisted-document id the client computes. */
const documentText = text({ min: 1, max: MAX_DOCUMENT_CHARACTERS }).refine((value) => value === '' || value.trim() !== '', 'must not be blank');

export const savedOperationName = text({ min: 1, max: 100, pattern: SAVED_OPERATION_NAME, patternMessage: 'must be a lower-case slug: a letter, then letters, digits or underscores (monthly_revenue)' });

export const createSavedOperationRules = z.object({
  name: savedOperationName,
  description: omittable(optionalText(2000)),
  document: documentText,
});

export const updateSavedOperationRules = z.object({
  description: omittable(optionalText(2000)),
  document: omittable(documentText),
  version: omittable(versionRule),
});

export const runSavedOperationRules = z.object({
  variables: z.record(z.string(), z.unknown(), { error: 'must be a JSON object: the operation’s variables by name' }).nullish(),
});
