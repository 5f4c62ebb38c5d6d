export { useRestFacade, type RestFacadeOptions } from './use-rest-facade.ts';
