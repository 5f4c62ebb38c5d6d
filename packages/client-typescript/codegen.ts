import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * GraphQL Code Generator: typed documents (TypedDocumentNode) for the operations in
 * src/graphql/operations, against the committed API schema. `npm run codegen` writes them;
 * the drift test checks they are current.
 */
const config: CodegenConfig = {
  schema: '../../docs/api/schema.graphql',
  documents: ['src/graphql/operations/*.graphql'],
  ignoreNoDocuments: false,
  // Relative imports with their `.ts` extension, as the rest of the package writes them (Node ESM needs an extension).
  importExtension: '.ts',
  generates: {
    'src/graphql/generated/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false, gqlTagName: 'graphql' },
      config: { useTypeImports: true, enumsAsTypes: true, scalars: { MinorUnits: 'number', DateTime: 'string', JSON: 'unknown' } },
    },
  },
};

export default config;
