import { type SubgraphBuilder, type SubgraphContext, inputRules, parseArgument } from '@platform/graphql-kit';
import type { ObjectRef } from '@pothos/core';
import { z } from 'zod';
import type { InvoiceWriteContext } from '../services/invoices.ts';

export const FINANCE_SCOPES = ['finance:read', 'finance:write'];
export const READ = { scope: 'finance:read' };
export const WRITE = { scope: 'finance:write' };
export const ANY_FINANCE_SCOPE = { anyScope: FINANCE_SCOPES };

export const CURRENCY = /^[A-Z]{3}$/;
export const currency = z.string().regex(CURRENCY, 'must be an ISO 4217 currency code: 3 upper-case letters, e.g. EUR');

const currencyFilterRule = z.string().regex(CURRENCY, 'must be an ISO 4217 code: 3 upper-case letters, e.g. EUR').nullish();

/** The `currency` filter's extensions: its rule, published with the parameter. */
export const currencyFilterRules = inputRules(currencyFilterRule);

/** Refuses a malformed `currency` filter instead of silently matching nothing. */
export function currencyFilter(value: string | null | undefined): string | null | undefined {
  return parseArgument('currency', currencyFilterRule, value);
}

export function writeContext(context: SubgraphContext): InvoiceWriteContext {
  return { tenantId: context.principal.tenantId, orders: context.platform.orders, ifMatchVersion: context.ifMatchVersion };
}

/** The builder's schema types, for naming object refs passed between schema modules. */
export type BuilderTypes = SubgraphBuilder extends PothosSchemaTypes.SchemaBuilder<infer Types> ? Types : never;
export type Ref<Shape> = ObjectRef<BuilderTypes, Shape>;
