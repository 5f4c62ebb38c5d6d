import { buildSchema } from 'graphql';

/** A small stand-in for the supergraph: the platform's scalars, an enum, a list envelope, a union and an interface. */
export const schema = buildSchema(`
  scalar DateTime
  scalar MinorUnits
  scalar JSON
  enum OrderStatus { draft confirmed }
  interface Named { name: String! }
  type Customer implements Named { id: ID! name: String! "Open balance." balance: MinorUnits }
  type Warehouse implements Named { id: ID! name: String! city: String }
  union Party = Customer | Warehouse
  type Order { id: ID! status: OrderStatus! total: MinorUnits! placed_at: DateTime notes: String tags: [String!]! customer: Customer! extra: JSON }
  type OrderList { data: [Order!]! meta: PageMeta! }
  type PageMeta { total: Int! }
  type Query {
    orders(status: OrderStatus, per_page: Int): OrderList!
    order(id: ID!): Order
    parties: [Party!]!
    named: [Named!]!
  }
  type Mutation { confirm_order(id: ID!): Order }
  type Subscription { events: String! }
`);
export const scopes = new Map([
  ['Query.orders', ['crm:read']],
  ['Query.order', ['crm:read']],
  ['Mutation.confirm_order', ['crm:write']],
]);

/** The parts of a derived JSON Schema the tests read. */
export interface SchemaNode {
  type?: string | string[];
  title?: string;
  properties: Record<string, SchemaNode>;
  items: SchemaNode;
  required: string[];
}
