import { ApiError } from '@platform/errors';
import { GraphQLError, Lexer, Source, TokenKind } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { graphqlErrorFor } from '../responses.ts';

/** Bounds of a GraphQL document, checked before it is parsed (parsing and validating cost grows with them). */
export const DOCUMENT_LIMITS = {
  /** Characters of the query text; the platform's largest useful documents are a few kilobytes. */
  characters: 64 * 1024,
  /** Lexical tokens (names, punctuation, values). */
  tokens: 10_000,
  /** Nesting of braces, brackets and parentheses; selections are limited further (depth 12) by the cost limits. */
  nesting: 64,
} as const;

/** The bodies Yoga parses for a POST (multipart is off: the API takes no uploads). */
const GRAPHQL_BODY_TYPES = /^\s*application\/(json|graphql-response\+json|graphql\+json|graphql|x-www-form-urlencoded)\s*(;|$)/i;

/** A request-level refusal: never executed, so the status is the code's own, whatever the client accepts. */
const refusal = (error: ApiError) => new ApiError(error.code, error.message, { ...error.extensions, http: { status: 400 } });

/**
 * Refuses GraphQL requests the platform will not parse: a body of another media type (Yoga
 * answered those with an empty 415), a JSON array of operations (batching is
 * off: each operation is a request of its own for rate limits, audit and idempotency), and a
 * document past the size, token or nesting limits, measured by the lexer without building a tree
 * (3,000 nested selections would otherwise exhaust recursive validation).
 */
export function useGraphqlRequestLimits(options: { graphqlEndpoint: string }): Plugin {
  return {
    onRequest({ request, url, endResponse }) {
      if (url.pathname !== options.graphqlEndpoint || request.method !== 'POST' || GRAPHQL_BODY_TYPES.test(request.headers.get('content-type') ?? '')) return;
      endResponse(graphqlErrorFor(new ApiError('unsupported_media_type', 'Send the GraphQL request as JSON with Content-Type: application/json.'), request));
    },
    onRequestParse() {
      return {
        onRequestParseDone({ requestParserResult }) {
          if (Array.isArray(requestParserResult)) {
            throw refusal(new ApiError('batching_not_supported', 'Send one GraphQL operation per request (a JSON object), not a JSON array of operations.'));
          }
        },
      };
    },
    onParams({ params }) {
      if (typeof params.query === 'string') checkDocument(params.query);
    },
  };
}

function checkDocument(query: string): void {
  if (query.length > DOCUMENT_LIMITS.characters) {
    throw refusal(new ApiError('input_too_large', `The GraphQL document is longer than ${DOCUMENT_LIMITS.characters} characters.`, { limit: 'document_characters', maximum: DOCUMENT_LIMITS.characters, actual: query.length }));
  }
  const lexer = new Lexer(new Source(query));
  let tokens = 0;
  let nesting = 0;
  try {
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      if (++tokens > DOCUMENT_LIMITS.tokens) {
        throw refusal(new ApiError('query_too_complex', `The GraphQL document has more than ${DOCUMENT_LIMITS.tokens} tokens.`, { limit: 'tokens', maximum: DOCUMENT_LIMITS.tokens }));
      }
      if (token.kind === TokenKind.BRACE_L || token.kind === TokenKind.BRACKET_L || token.kind === TokenKind.PAREN_L) nesting++;
      else if (token.kind === TokenKind.BRACE_R || token.kind === TokenKind.BRACKET_R || token.kind === TokenKind.PAREN_R) nesting--;
      if (nesting > DOCUMENT_LIMITS.nesting) {
        throw refusal(new ApiError('query_too_complex', `The GraphQL document nests more than ${DOCUMENT_LIMITS.nesting} levels deep.`, { limit: 'nesting', maximum: DOCUMENT_LIMITS.nesting }));
      }
    }
  } catch (error) {
    // A syntax error is the parser's to report (as `query_invalid`, with its location).
    if (error instanceof ApiError || !(error instanceof GraphQLError)) throw error;
  }
}
