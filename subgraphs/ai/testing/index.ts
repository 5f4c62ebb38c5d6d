export * from './chat-completions-server.ts';
export * from './documents.ts';
