/* eslint-disable */
import * as types from './graphql.ts';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "subscription OrderEvents($types: [String!]) {\n  events(types: $types) {\n    id\n    type\n    occurred_at\n    data\n    order {\n      id\n      number\n      status\n      external_reference\n      customer {\n        name\n      }\n    }\n  }\n}": typeof types.OrderEventsDocument,
    "query InventoryItems($warehouse_id: String, $page: Int, $per_page: Int) {\n  inventory_items(warehouse_id: $warehouse_id, page: $page, per_page: $per_page) {\n    data {\n      id\n      name\n      quantity_on_hand\n      reorder_point\n      warehouse_id\n    }\n    meta {\n      total\n      page\n      per_page\n      next_cursor\n    }\n  }\n}": typeof types.InventoryItemsDocument,
    "query OrdersWithCustomer($customer_id: String, $status: OrderStatus, $page: Int, $per_page: Int) {\n  orders(\n    customer_id: $customer_id\n    status: $status\n    page: $page\n    per_page: $per_page\n  ) {\n    data {\n      id\n      number\n      kind\n      status\n      currency\n      total\n      external_reference\n      version\n      created_at\n      customer {\n        id\n        name\n      }\n    }\n    meta {\n      total\n      page\n      per_page\n      next_cursor\n    }\n  }\n}\n\nquery Order($id: String!) {\n  order(id: $id) {\n    id\n    number\n    status\n    version\n    total\n    currency\n    lines {\n      item_id\n      quantity\n      unit_price\n    }\n  }\n}\n\nmutation CreateOrder($input: CreateOrderInput!) {\n  create_order(input: $input) {\n    id\n    number\n    status\n    version\n  }\n}": typeof types.OrdersWithCustomerDocument,
};
const documents: Documents = {
    "subscription OrderEvents($types: [String!]) {\n  events(types: $types) {\n    id\n    type\n    occurred_at\n    data\n    order {\n      id\n      number\n      status\n      external_reference\n      customer {\n        name\n      }\n    }\n  }\n}": types.OrderEventsDocument,
    "query InventoryItems($warehouse_id: String, $page: Int, $per_page: Int) {\n  inventory_items(warehouse_id: $warehouse_id, page: $page, per_page: $per_page) {\n    data {\n      id\n      name\n      quantity_on_hand\n      reorder_point\n      warehouse_id\n    }\n    meta {\n      total\n      page\n      per_page\n      next_cursor\n    }\n  }\n}": types.InventoryItemsDocument,
    "query OrdersWithCustomer($customer_id: String, $status: OrderStatus, $page: Int, $per_page: Int) {\n  orders(\n    customer_id: $customer_id\n    status: $status\n    page: $page\n    per_page: $per_page\n  ) {\n    data {\n      id\n      number\n      kind\n      status\n      currency\n      total\n      external_reference\n      version\n      created_at\n      customer {\n        id\n        name\n      }\n    }\n    meta {\n      total\n      page\n      per_page\n      next_cursor\n    }\n  }\n}\n\nquery Order($id: String!) {\n  order(id: $id) {\n    id\n    number\n    status\n    version\n    total\n    currency\n    lines {\n      item_id\n      quantity\n      unit_price\n    }\n  }\n}\n\nmutation CreateOrder($input: CreateOrderInput!) {\n  create_order(input: $input) {\n    id\n    number\n    status\n    version\n  }\n}": types.OrdersWithCustomerDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "subscription OrderEvents($types: [String!]) {\n  events(types: $types) {\n    id\n    type\n    occurred_at\n    data\n    order {\n      id\n      number\n      status\n      external_reference\n      customer {\n        name\n      }\n    }\n  }\n}"): (typeof documents)["subscription OrderEvents($types: [String!]) {\n  events(types: $types) {\n    id\n    type\n    occurred_at\n    data\n    order {\n      id\n      number\n      status\n      external_reference\n      customer {\n        name\n      }\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query InventoryItems($warehouse_id: String, $page: Int, $per_page: Int) {\n  inventory_items(warehouse_id: $warehouse_id, page: $page, per_page: $per_page) {\n    data {\n      id\n      name\n      quantity_on_hand\n      reorder_point\n      warehouse_id\n    }\n    meta {\n      total\n      page\n      per_page\n      next_cursor\n    }\n  }\n}"): (typeof documents)["query InventoryItems($warehouse_id: String, $page: Int, $per_page: Int) {\n  inventory_items(warehouse_id: $warehouse_id, page: $page, per_page: $per_page) {\n    data {\n      id\n      name\n      quantity_on_hand\n      reorder_point\n      warehouse_id\n    }\n    meta {\n      total\n      page\n      per_page\n      next_cursor\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query OrdersWithCustomer($customer_id: String, $status: OrderStatus, $page: Int, $per_page: Int) {\n  orders(\n    customer_id: $customer_id\n    status: $status\n    page: $page\n    per_page: $per_page\n  ) {\n    data {\n      id\n      number\n      kind\n      status\n      currency\n      total\n      external_reference\n      version\n      created_at\n      customer {\n        id\n        name\n      }\n    }\n    meta {\n      total\n      page\n      per_page\n      next_cursor\n    }\n  }\n}\n\nquery Order($id: String!) {\n  order(id: $id) {\n    id\n    number\n    status\n    version\n    total\n    currency\n    lines {\n      item_id\n      quantity\n      unit_price\n    }\n  }\n}\n\nmutation CreateOrder($input: CreateOrderInput!) {\n  create_order(input: $input) {\n    id\n    number\n    status\n    version\n  }\n}"): (typeof documents)["query OrdersWithCustomer($customer_id: String, $status: OrderStatus, $page: Int, $per_page: Int) {\n  orders(\n    customer_id: $customer_id\n    status: $status\n    page: $page\n    per_page: $per_page\n  ) {\n    data {\n      id\n      number\n      kind\n      status\n      currency\n      total\n      external_reference\n      version\n      created_at\n      customer {\n        id\n        name\n      }\n    }\n    meta {\n      total\n      page\n      per_page\n      next_cursor\n    }\n  }\n}\n\nquery Order($id: String!) {\n  order(id: $id) {\n    id\n    number\n    status\n    version\n    total\n    currency\n    lines {\n      item_id\n      quantity\n      unit_price\n    }\n  }\n}\n\nmutation CreateOrder($input: CreateOrderInput!) {\n  create_order(input: $input) {\n    id\n    number\n    status\n    version\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;