import { ApiError } from '@platform/errors';
import { type RestRoutes, type SubgraphBuilder, inputRules, parseInput } from '@platform/graphql-kit';
import { z } from 'zod';
import { WORKFLOW_TEMPLATES, type WorkflowTemplate, findTemplate } from '../templates/catalogue.ts';
import { WORKFLOW_SCOPES, type WorkflowRefs, saveNewWorkflow } from './workflows.ts';
import { installTemplateRules } from './rules.ts';

/** Workflow templates: listed with their parameters, installed by one call as an ordinary workflow. */
export function defineTemplateSchema(builder: SubgraphBuilder, { WorkflowWithSecret }: Pick<WorkflowRefs, 'WorkflowWithSecret'>) {
  const Template = builder.objectRef<WorkflowTemplate>('WorkflowTemplate').implement({
    description: 'A ready-made workflow, installed with a few parameters (`POST /v1/workflows/templates/{key}/install`).',
    authScopes: { anyScope: WORKFLOW_SCOPES },
    fields: (t) => ({
      key: t.exposeString('key', { description: 'Its key (`reorder_on_low_stock`, …).' }),
      name: t.exposeString('name', { description: 'Its name.' }),
      description: t.exposeString('description', { description: 'What it does.' }),
      scopes: t.exposeStringList('scopes', { description: 'The scopes the installed workflow is granted: the installing credential must hold them.' }),
      parameters: t.field({ type: 'JSON', resolve: (template) => z.toJSONSchema(template.parameters, { io: 'input' }), description: 'JSON Schema of its parameters.' }),
    }),
  });

  const InstallTemplateInput = builder.inputType('InstallWorkflowTemplateInput', {
    extensions: inputRules(installTemplateRules),
    description: 'The parameters of a template to install.',
    fields: (t) => ({
      name: t.string({ required: false, description: 'The workflow’s name (default: the template’s).' }),
      enabled: t.boolean({ required: false, description: 'Whether its trigger starts runs at once (default true).' }),
      parameters: t.field({ type: 'JSON', required: false, description: 'The template’s parameters (see its `parameters` schema).' }),
    }),
  });

  builder.queryFields((t) => ({
    workflow_templates: t.field({
      type: [Template],
      description: 'The workflow templates, with the parameters each takes.',
      authScopes: { scope: 'workflows:read' },
      resolve: () => [...WORKFLOW_TEMPLATES],
    }),
  }));

  builder.mutationFields((t) => ({
    install_workflow_template: t.field({
      type: WorkflowWithSecret,
      description: 'Installs a template as a new workflow (its definition built from the parameters, then saved and checked as any other), granted the template’s scopes. Its signing secret is in this answer only.',
      authScopes: { scope: 'workflows:write' },
      args: { key: t.arg.string({ required: true, description: 'The template key.' }), input: t.arg({ type: InstallTemplateInput, required: false, description: 'Name and parameters (REST: the JSON body).' }) },
      resolve: async (_root, { key, input }, context) => {
        const template = findTemplate(key);
        if (!template) throw new ApiError('not_found', `No workflow template ${key} exists (GET /v1/workflows/templates lists them).`);
        const data = parseInput(installTemplateRules, input ?? {});
        const parsed = template.parameters.safeParse(data.parameters ?? {});
        if (!parsed.success) {
          const errors = parsed.error.issues.map((issue) => ({ field: ['parameters', ...issue.path.map(String)].join('.'), message: issue.message }));
          // A 422: the published schema of `parameters` is "a JSON object"; each template's own is listed with it.
          throw new ApiError('rule_violation', `The template’s parameters are invalid: ${errors.map((error) => `${error.field}: ${error.message}`).join('; ')}`, { errors });
        }
        const parameters = parsed.data as Record<string, unknown>;
        // A supplier named in the parameters must exist: a typo would otherwise fail every run.
        for (const [field, supplier] of suppliersOf(parameters)) {
          if (!(await context.platform.orders.customerExists(context.prisma, context.principal.tenantId, supplier))) {
            throw new ApiError('rule_violation', `No customer ${supplier} exists in this tenant to be the supplier.`, { errors: [{ field, message: `names no customer of this tenant` }] });
          }
        }
        return saveNewWorkflow(context, { name: data.name ?? template.name, description: template.description, enabled: data.enabled, scopes: template.scopes, definition: template.build(parameters), template: template.key });
      },
    }),
  }));
}

/** The supplier ids a reorder template's parameters name, with their field. */
function suppliersOf(parameters: Record<string, unknown>): Array<[string, string]> {
  const named: Array<[string, string]> = [];
  if (typeof parameters.supplier_id === 'string') named.push(['parameters.supplier_id', parameters.supplier_id]);
  for (const [sku, usual] of Object.entries((parameters.suppliers ?? {}) as Record<string, { supplier_id: string }>)) named.push([`parameters.suppliers.${sku}.supplier_id`, usual.supplier_id]);
  return named;
}

export const templateRestRoutes: RestRoutes = {
  'Query.workflow_templates': { method: 'GET', path: '/workflows/templates', tags: ['Workflows'] },
  'Mutation.install_workflow_template': { method: 'POST', path: '/workflows/templates/:key/install', responseStatus: 201, tags: ['Workflows'] },
};
