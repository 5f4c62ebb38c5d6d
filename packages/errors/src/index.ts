export { errorCatalogue, type ErrorCode, retryAfterSeconds, statusOf } from './catalogue.ts';
export { ApiError, type FieldError, fieldErrors } from './api-error.ts';
export { problemFromError, problemResponse, type Problem } from './problem.ts';
