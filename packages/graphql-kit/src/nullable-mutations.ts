import SchemaBuilder, { BasePlugin, type PothosOutputFieldConfig, type SchemaTypes } from '@pothos/core';

const pluginName = 'nullableMutations';

/**
 * Makes every Mutation field nullable, whatever the builder's default. In a request of several
 * mutations a failing non-null field nulls the whole `data` (hiding the results of the mutations
 * that committed before it) and stops the ones after it; a nullable field only nulls itself, its
 * error names its path, and the following mutations still run, in document order. Query fields
 * keep the default: a read either answers completely or fails.
 */
export class NullableMutationsPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override onOutputFieldConfig(fieldConfig: PothosOutputFieldConfig<Types>): PothosOutputFieldConfig<Types> {
    if (fieldConfig.kind !== 'Mutation') return fieldConfig;
    return { ...fieldConfig, type: { ...fieldConfig.type, nullable: true } };
  }
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Pothos plugins are registered by augmenting its global namespace.
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      nullableMutations: NullableMutationsPlugin<Types>;
    }
  }
}

SchemaBuilder.registerPlugin(pluginName, NullableMutationsPlugin);

export default pluginName;
