export { compileMapping, applyMapping, previewMapping } from './engine.ts';
export { inputFieldsOf } from './input-fields.ts';
export { MAPPING_LIMITS } from './limits.ts';
export type {
  CompiledMapping,
  CompileOutcome,
  InputFieldDescription,
  MappingDefinition,
  MappingError,
  MappingErrorCode,
  MappingOutcome,
  PreviewOutcome,
  PreviewRecordOutcome,
} from './types.ts';
