import { createLogger } from '@platform/config';
import { type OpenApiDocument, restFacadeDocument } from '@platform/rest-facade';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { REST_BASE_PATH } from './edge/edge.ts';
import { restFacadeContract } from './edge/rest-contract.ts';
import { subgraphs } from './supergraph/subgraphs.ts';
import { createSupergraph } from './supergraph/supergraph.ts';

export interface PublishedContract {
  /** The supergraph's API schema as SDL, types and fields in name order (a move in the code is no change of contract). */
  graphqlSchema: string;
  /** The OpenAPI document served at /v1/openapi.json. */
  openApiDocument: OpenApiDocument;
}

/**
 * The public API as the platform serves it, built in this process from the same code (no database,
 * no port; a few seconds of composition): `npm run api:snapshot` writes it to docs/api/, and the
 * compatibility test (test/contract/api-compatibility.test.ts) holds it to what is there.
 */
export async function publishedContract(): Promise<PublishedContract> {
  const supergraph = await createSupergraph(subgraphs, createLogger('silent'), () => {});
  try {
    return {
      graphqlSchema: printSchema(lexicographicSortSchema(supergraph.schema)),
      openApiDocument: restFacadeDocument(restFacadeContract(subgraphs, supergraph, REST_BASE_PATH)),
    };
  } finally {
    await supergraph.stop();
  }
}
