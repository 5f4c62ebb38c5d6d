import { z } from 'zod';

/** The largest `max_record_bytes` allowed: a row is held whole in memory while it is read. */
export const MAX_RECORD_BYTES_LIMIT = 16 * 1024 * 1024;

// One ASCII character that cannot be a line break: the row scanner compares single bytes, which
// holds in UTF-8 and Latin-1 alike only for ASCII.
const SINGLE_CHARACTER = /^[\t\x20-\x7e]$/;

const singleCharacter = (fallback: string) =>
  z.string().regex(SINGLE_CHARACTER, 'must be one ASCII character (a tab, or a printable one)').default(fallback);

/**
 * A CSV import's configuration (the connector's config, snake_case like every API input). Parse it
 * with the platform's `parseInput`: every issue carries the path of the field at fault.
 */
export const csvConfigSchema = z
  .strictObject({
    delimiter: singleCharacter(','),
    quote: singleCharacter('"'),
    /** The first row names the columns; when false, `columns` does. */
    header: z.boolean().default(true),
    columns: z.array(z.string().min(1, 'must not be empty').max(200)).min(1).max(1000).optional(),
    /** The column whose value is each record's `external_id`. */
    id_column: z.string().min(1).max(200),
    /** The column saying when the row last changed (ISO 8601); an empty cell leaves `updated_at` unset. */
    updated_at_column: z.string().min(1).max(200).optional(),
    /** A file starting with a UTF-8 byte order mark is read as UTF-8 whatever this says. */
    encoding: z.enum(['utf-8', 'latin1']).default('utf-8'),
    skip_empty_lines: z.boolean().default(true),
    stream_name: z
      .string()
      .regex(/^[a-z][a-z0-9_]{0,63}$/, 'must be lowercase letters, digits and _, starting with a letter')
      .default('rows'),
    page_size: z.number().int().min(1).max(5000).default(500),
    /** A row larger than this (line break excluded) fails alone. */
    max_record_bytes: z.number().int().min(1024).max(MAX_RECORD_BYTES_LIMIT).default(64 * 1024),
  })
  .superRefine((config, context) => {
    if (config.quote === config.delimiter) context.addIssue({ code: 'custom', path: ['quote'], message: 'must differ from the delimiter' });
    if (!config.header && config.columns === undefined) {
      context.addIssue({ code: 'custom', path: ['columns'], message: 'is required when header is false' });
    }
    if (config.header && config.columns !== undefined) {
      context.addIssue({ code: 'custom', path: ['columns'], message: 'is only for files without a header row (header: false)' });
    }
    if (config.columns === undefined) return;
    const seen = new Set<string>();
    config.columns.forEach((column, index) => {
      if (seen.has(column)) context.addIssue({ code: 'custom', path: ['columns', index], message: `names "${column}" a second time` });
      seen.add(column);
    });
    if (!seen.has(config.id_column)) context.addIssue({ code: 'custom', path: ['id_column'], message: 'must be one of columns' });
    if (config.updated_at_column !== undefined && !seen.has(config.updated_at_column)) {
      context.addIssue({ code: 'custom', path: ['updated_at_column'], message: 'must be one of columns' });
    }
  });

/** A validated configuration, defaults applied. */
export type CsvConfig = z.infer<typeof csvConfigSchema>;
/** A configuration as a client sends it. */
export type CsvConfigInput = z.input<typeof csvConfigSchema>;
