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
