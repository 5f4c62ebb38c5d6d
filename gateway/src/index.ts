export { startPlatform, type Platform } from './platform.ts';
export type { DemoSeed } from './seed/demo.ts';
