import type { Plugin } from 'graphql-yoga';
import type { Supergraph } from '../../supergraph/supergraph.ts';

/** Yoga parses and validates against the supergraph API schema; the gateway's planner executes. */
export function useGatewayExecution(supergraph: Supergraph): Plugin {
  return {
    onExecute({ setExecuteFn }) {
      setExecuteFn(supergraph.execute as Parameters<typeof setExecuteFn>[0]);
    },
  };
}
