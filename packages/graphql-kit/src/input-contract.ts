import { type GraphQLArgument, type GraphQLSchema, isInputObjectType } from 'graphql';
import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/**
 * The rules of a subgraph's inputs as JSON Schema, for the published contract. An input type
 * declares its rules with `extensions: inputRules(schema)` (the same zod schema its resolvers
 * check with `parseInput`), an argument likewise (checked with `parseArgument` or a helper that
 * uses the same rule). The OpenAPI document merges these into the schemas it derives from the
 * GraphQL types, so what it states is what the resolvers enforce.
 */
export interface InputContract {
  /** Input object types by name. */
  inputTypes: Map<string, JsonSchema>;
  /** Root field arguments by `Query.field.argument`. */
  arguments: Map<string, JsonSchema>;
}

const RULES = 'rules';

/** The `extensions` that attach rules to an input type or an argument. */
export function inputRules(schema: z.ZodType): { [RULES]: z.ZodType } {
  return { [RULES]: schema };
}

/** The JSON Schema of a zod rule as a request must satisfy it (before transforms). */
export function ruleJsonSchema(rule: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(rule, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return schema;
}

export function inputContract(schema: GraphQLSchema): InputContract {
  const contract: InputContract = { inputTypes: new Map(), arguments: new Map() };
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isInputObjectType(type)) continue;
    const rule = rulesOf(type.extensions);
    if (rule) contract.inputTypes.set(type.name, ruleJsonSchema(rule));
  }
  for (const root of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      for (const argument of field.args as readonly GraphQLArgument[]) {
        const rule = rulesOf(argument.extensions);
        if (rule) contract.arguments.set(`${root?.name}.${field.name}.${argument.name}`, ruleJsonSchema(rule));
      }
    }
  }
  return contract;
}

/** The contracts of several subgraphs as one; an input type declared by two must declare the same rules. */
export function mergeInputContracts(contracts: InputContract[]): InputContract {
  const merged: InputContract = { inputTypes: new Map(), arguments: new Map() };
  for (const contract of contracts) {
    for (const [name, schema] of contract.inputTypes) {
      const existing = merged.inputTypes.get(name);
      if (existing && JSON.stringify(existing) !== JSON.stringify(schema)) throw new Error(`input type ${name} is declared with different rules by two subgraphs`);
      merged.inputTypes.set(name, schema);
    }
    for (const [coordinate, schema] of contract.arguments) merged.arguments.set(coordinate, schema);
  }
  return merged;
}

function rulesOf(extensions: Record<string, unknown> | null | undefined): z.ZodType | undefined {
  const rule = extensions?.[RULES];
  return rule instanceof z.ZodType ? rule : undefined;
}
