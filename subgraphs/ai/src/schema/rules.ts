import { optionalText, requiredText } from '@platform/graphql-kit';
import { z } from 'zod';
import { MAX_QUESTION_LENGTH } from '../copilot/plan.ts';
import { supportedContentTypes } from '../extraction/index.ts';


export const askCopilotRules = z.object({ question: requiredText(MAX_QUESTION_LENGTH) });

export const createTaskRules = z.object({ goal: requiredText(MAX_QUESTION_LENGTH), require_approval: z.boolean().nullish() });

export const decideTaskRules = z.object({
  decision: z.enum(['approved', 'rejected'], { error: 'must be approved or rejected' }),
  comment: optionalText(2000).nullish(),
});

/** Base64 of a document: the request body limit (MAX_REQUEST_BODY_BYTES) bounds its size. */
const base64 = z.string().min(1, 'must not be empty').regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64 (RFC 4648, no line breaks)');

/**
 * A type the extractor reads, parameters allowed (`text/plain; charset=utf-8`) but no control
 * character (text the platform stores refuses them); published as the field's pattern.
 */
const documentType = z
  .string()
  .max(200)
  .regex(new RegExp(`^(?:${supportedContentTypes.map((type) => type.replaceAll('/', '\\/').replaceAll('.', '\\.')).join('|')})(?:;[^\\x00-\\x1f\\x7f]*)?$`), `must be one of ${supportedContentTypes.join(', ')} (parameters such as charset allowed, no control characters)`);

export const extractDocumentRules = z
  .object({
    filename: optionalText(255).nullish(),
    content_type: documentType,
    content_base64: base64.nullish(),
    text: z.string().min(1, 'must not be empty').max(500_000).nullish(),
  })
  .superRefine((input, context) => {
    if ((input.content_base64 == null) === (input.text == null)) context.addIssue({ code: 'custom', path: ['content_base64'], message: 'give exactly one of content_base64 (a PDF or an image) and text (plain text or an e-mail)' });
  });

export const createDraftRules = z.object({
  kind: z.enum(['purchase_order', 'invoice'], { error: 'must be purchase_order or invoice' }),
  customer_id: optionalText(100).nullish(),
  item_ids: z.array(optionalText(100).nullable()).max(500).nullish(),
});
