import type { DocumentNode, GraphQLSchema } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/**
 * Validates a document once: one found valid is remembered with it (as long as the document itself
 * is cached, see document-cache.ts) and not validated again. Unlike Yoga's own validation cache, a
 * refusal is not kept: each of its errors holds the stack V8 captured when it was made, and through
 * the frames the validation's context, rules and visitors, about 85 KB per refused document. Kept
 * with every small invalid document a client (or the fuzz suite) sends, they filled the heap. A
 * refused document is validated again when sent again, which costs only its sender.
 */
export function useValidationCache(): Plugin {
  const validDocuments = new WeakMap<GraphQLSchema, WeakSet<DocumentNode>>();
  return {
    onValidate({ params: { schema, documentAST }, setResult }) {
      let valid = validDocuments.get(schema);
      if (!valid) {
        valid = new WeakSet();
        validDocuments.set(schema, valid);
      }
      if (valid.has(documentAST)) {
        setResult([]);
        return;
      }
      return ({ result }) => {
        if (result.length === 0) valid.add(documentAST);
      };
    },
  };
}
