// `node --import ./refuse-typescript.mjs …`: the process fails on any attempt to load TypeScript or
// tsx, through import (a module.register resolve hook) or require (Module._resolveFilename). Workers
// forked by node:cluster inherit the flag, so they are held to it too. Plain JavaScript on purpose:
// it must run without tsx.
import Module, { register } from 'node:module';
import { isTypeScript } from './refuse-typescript-hooks.mjs';

register('./refuse-typescript-hooks.mjs', import.meta.url);

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const filename = resolveFilename.call(this, request, ...rest);
  if (isTypeScript(filename)) throw new Error(`TypeScript at run time: require(${JSON.stringify(request)}) resolves to ${filename}`);
  return filename;
};
