export { loadConfig, type PlatformConfig, type PlatformRole } from './config.ts';
export { createLogger, type Logger } from './logger.ts';
export { inSpan } from './tracing.ts';
