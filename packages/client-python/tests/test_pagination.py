"""paginate(): every record of a list, page after page, stopping at the last page."""

from __future__ import annotations

import asyncio

from platform_client import AsyncPlatformClient, paginate
from platform_client.generated.api.inventory import inventory_items

from .conftest import TENANT, Recorded, Reply

ITEMS = "/v1/inventory/items"


def item(sku: str) -> dict:
    return {
        "id": sku,
        "name": sku,
        "quantity_on_hand": 1,
        "reorder_point": 0,
        "warehouse_id": "wh_1",
        "allow_backorder": False,
        "version": 1,
        "last_synced_at": "2026-01-01T00:00:00.000Z",
        "created_at": "2026-01-01T00:00:00.000Z",
        "updated_at": "2026-01-01T00:00:00.000Z",
        "archived_at": None,
        "unit_cost": None,
        "currency": None,
        "stock_value": None,
    }


def serve_items(server, count: int) -> None:
    skus = [f"SKU-{n:02d}" for n in range(1, count + 1)]

    def page(request: Recorded) -> Reply:
        number = int(request.query.get("page", ["1"])[0])
        per_page = int(request.query.get("per_page", ["25"])[0])
        chunk = skus[(number - 1) * per_page : number * per_page]
        more = number * per_page < len(skus)
        return Reply(
            200,
            {
                "data": [item(s) for s in chunk],
                "meta": {
                    "total": len(skus),
                    "page": number,
                    "per_page": per_page,
                    "next_cursor": "c" if more else None,
                    "prev_cursor": "p" if number > 1 else None,
                },
            },
        )

    server.route("GET", ITEMS, page)


def test_every_page_is_walked(server, make_client):
    serve_items(server, 25)
    client = make_client()
    skus = [i.id for i in client.paginate(inventory_items, warehouse_id="wh_1", per_page=10)]
    assert skus == [f"SKU-{n:02d}" for n in range(1, 26)]
    calls = server.calls("GET", ITEMS)
    assert [(c.query["page"], c.query["per_page"], c.query["warehouse_id"]) for c in calls] == [
        (["1"], ["10"], ["wh_1"]),
        (["2"], ["10"], ["wh_1"]),
        (["3"], ["10"], ["wh_1"]),
    ]


def test_exact_multiple_stops_without_an_empty_page(server, make_client):
    serve_items(server, 20)
    client = make_client()
    assert len(list(client.paginate(inventory_items, per_page=10))) == 20
    assert len(server.calls("GET", ITEMS)) == 2


def test_empty_list(server, make_client):
    serve_items(server, 0)
    client = make_client()
    assert list(client.paginate(inventory_items)) == []
    assert len(server.calls("GET", ITEMS)) == 1


def test_lazy_and_with_the_generated_client(server, make_client):
    serve_items(server, 30)
    client = make_client()
    walk = paginate(inventory_items.sync_detailed, client=client.api, x_service_tenant=TENANT, per_page=10)
    assert next(walk).id == "SKU-01"
    assert len(server.calls("GET", ITEMS)) == 1  # one page fetched so far
    assert len(list(walk)) == 29


def test_async_client_paginates_and_retries(server):
    serve_items(server, 12)
    server.script("GET", "/v1/inventory/items/SKU-01", Reply(503, b"busy"), Reply(200, item("SKU-01")))
    from platform_client.generated.api.inventory import inventory_item

    async def main() -> tuple[list[str], str]:
        async with AsyncPlatformClient(
            server.url, TENANT, client_id="cli_1", client_secret="secret", backoff_base=0.01
        ) as client:
            skus = [i.id async for i in client.paginate(inventory_items, per_page=5)]
            one = await client.call(inventory_item, "SKU-01")
            return skus, one.id

    skus, one = asyncio.run(main())
    assert len(skus) == 12 and one == "SKU-01"
    assert len(server.calls("GET", ITEMS)) == 3
    assert len(server.calls("GET", "/v1/inventory/items/SKU-01")) == 2
    assert len(server.calls("POST", "/v1/oauth/token")) == 1
