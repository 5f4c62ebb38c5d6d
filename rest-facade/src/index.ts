export { useRestFacade, restFacadeDocument, type RestFacadeContract, type RestFacadeOptions } from './use-rest-facade.ts';
export type { OpenApiDocument } from './openapi/document.ts';
