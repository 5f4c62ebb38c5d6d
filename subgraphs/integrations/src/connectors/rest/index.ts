export {
  type RestAuth,
  type RestCredentials,
  type RestIncremental,
  type RestPagination,
  type RestSourceConfig,
  type RestStream,
  restCredentialsSchemaFor,
  restCredentialsSchemas,
  restSourceConfigSchema,
} from './config.ts';
export { DEFAULT_MAX_PAGES, createRestSource } from './rest-source.ts';
export { PUSHABLE_EVENT_TYPES, type RestPushRule } from './config.ts';
export { type PushAnswer, type PushRequest, type RestPush, createRestPush } from './push.ts';
