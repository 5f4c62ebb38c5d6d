/**
 * The tabs GraphiQL opens with: a first list, then the analyses analysts ask for first, each one
 * request computed by the database (docs/analytics.md). Run them as they are, or change the dates.
 */
export const GRAPHIQL_EXAMPLE_TABS: Array<{ query: string }> = [
  {
    query: `# A page of inventory items
{
  inventory_items(per_page: 5) {
    data { id name quantity_on_hand reorder_point warehouse_id }
    meta { total page per_page next_cursor }
  }
}
`,
  },
  {
    query: `# Revenue per month this year, in your time zone, per currency
{
  orders_aggregate(
    kind: sales
    created_after: "2026-01-01T00:00:00+01:00"
    bucket: month
    time_zone: "Europe/Paris"
  ) {
    groups {
      key { bucket_label }
      count
      total { currency sum avg }
    }
  }
}
`,
  },
  {
    query: `# Orders per channel and status last week
{
  orders_aggregate(
    created_after: "2026-11-16T00:00:00Z"
    created_before: "2026-11-23T00:00:00Z"
    group_by: "channel,status"
    sort: "-count"
  ) {
    groups { key { channel status } count }
  }
}
`,
  },
  {
    query: `# Top 10 SKUs by quantity sold, with their names and stock
{
  order_lines_aggregate(kind: sales, group_by: "item_id", sort: "-quantity.sum", limit: 10) {
    groups {
      key { item_id }
      quantity { sum }
      count_distinct { order_id customer_id }
    }
    truncated
  }
}
`,
  },
  {
    query: `# Each customer's orders, by currency, beside the customer (one statement for the page)
{
  customers(per_page: 20) {
    data {
      id
      name
      orders_aggregate(group_by: "currency") {
        groups { key { currency } count total { currency sum max } }
      }
    }
  }
}
`,
  },
];
