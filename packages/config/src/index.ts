export { loadConfig, type PlatformConfig } from './config.ts';
export { createLogger, type Logger } from './logger.ts';
