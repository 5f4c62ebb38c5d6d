import { scopeCatalogue } from '@platform/auth';
import { omittable, optionalText, requiredText, versionRule } from '@platform/graphql-kit';
import { z } from 'zod';

/** The scopes a workflow may be granted: those of the catalogue (each also held by the credential saving it, checked in the resolver). */
const grantedScopes = z
  .array(z.enum(Object.keys(scopeCatalogue) as [string, ...string[]], { error: (issue) => `${String(issue.input)} is not a scope of the catalogue (GET /v1/auth/scopes)` }))
  .min(1, 'at least one scope is required')
  .max(Object.keys(scopeCatalogue).length);
/** The definition is a JSON document of its own format, checked step by step (definition/validate.ts). */
const definitionObject = z.record(z.string(), z.unknown(), { error: 'must be a JSON object: a workflow definition' });

export const createWorkflowRules = z.object({
  name: requiredText(200),
  description: omittable(optionalText(2000)),
  enabled: z.boolean().nullish(),
  scopes: grantedScopes,
  definition: definitionObject,
});

export const updateWorkflowRules = z.object({
  name: omittable(requiredText(200)),
  description: omittable(optionalText(2000)),
  scopes: omittable(grantedScopes),
  definition: omittable(definitionObject),
  version: omittable(versionRule),
});

export const startRunRules = z.object({ input: z.unknown().optional() });

export const decideApprovalRules = z.object({
  decision: z.enum(['approved', 'rejected']),
  comment: omittable(optionalText(2000)),
});

export const installTemplateRules = z.object({
  name: omittable(requiredText(200)),
  enabled: z.boolean().nullish(),
  parameters: z.record(z.string(), z.unknown(), { error: 'must be a JSON object: the template’s parameters' }).nullish(),
});
