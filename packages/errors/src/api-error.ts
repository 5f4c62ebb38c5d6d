import { GraphQLError } from 'graphql';
import { type ErrorCode } from './catalogue.ts';

export interface FieldError {
  /** Dotted path of the parameter or body field at fault, e.g. `per_page` or `lines.0.quantity`. */
  field: string;
  message: string;
}

/**
 * The one error type resolvers and the edge throw for anything a client can fix. It is a
 * GraphQLError so its `code` (and field errors) travel unchanged through subgraph execution and
 * the gateway in `extensions`, where the edge maps them to HTTP statuses and problem bodies.
 */
export class ApiError extends GraphQLError {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, detail: string, extra: { errors?: FieldError[]; [key: string]: unknown } = {}) {
    super(detail, { extensions: { code, ...extra } });
    this.code = code;
  }
}

/** Shorthand for the common case of one field at fault. */
export function fieldErrors(code: ErrorCode, field: string, message: string): ApiError {
  return new ApiError(code, message, { errors: [{ field, message }] });
}
