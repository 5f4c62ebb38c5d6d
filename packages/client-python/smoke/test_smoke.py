"""Smoke test of the Python client against a real platform (test/clients/python-client.test.ts).

Runs only when PLATFORM_URL is set; reads the fixture's variables (see test/support/client-smoke.ts):
PLATFORM_URL, PLATFORM_TENANT_ID, PLATFORM_CLIENT_ID, PLATFORM_CLIENT_SECRET, PLATFORM_WAREHOUSE_ID,
PLATFORM_ITEM_ID, PLATFORM_CUSTOMER_ID, PLATFORM_THROTTLED_*, PLATFORM_FLAKY_URL, PLATFORM_WEBHOOK_HOST.
Run: PLATFORM_URL=... .venv/bin/python -m pytest smoke -q
"""

from __future__ import annotations

import contextlib
import os
import queue
import threading
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import pytest

from platform_client import (
    PlatformClient,
    PlatformProblemError,
    RetryEvent,
    WebhookVerificationError,
    if_match,
    verify_webhook,
)
from platform_client.generated.api.crm import confirm_order, create_order, orders, receive_order, update_order
from platform_client.generated.api.inventory import inventory_item, inventory_items
from platform_client.generated.api.webhooks import create_webhook_endpoint, delete_webhook_endpoint
from platform_client.generated.models import (
    CreateOrderInput,
    CreateWebhookEndpointInput,
    CreateWebhookEndpointInputEventTypesItemType0,
    Order,
    OrderKind,
    OrderLineInput,
    UpdateOrderInput,
)

pytestmark = pytest.mark.skipif(not os.environ.get("PLATFORM_URL"), reason="PLATFORM_URL is not set")


def env(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        pytest.fail(f"{name} is not set")
    return value


@pytest.fixture(scope="module")
def client() -> Iterator[PlatformClient]:
    with PlatformClient(
        env("PLATFORM_URL"),
        env("PLATFORM_TENANT_ID"),
        client_id=env("PLATFORM_CLIENT_ID"),
        client_secret=env("PLATFORM_CLIENT_SECRET"),
        timeout=15.0,
    ) as instance:
        yield instance


def new_order(client: PlatformClient, reference: str | None = None) -> Order:
    return client.call(
        create_order,
        body=CreateOrderInput(
            kind=OrderKind.SALES,
            customer_id=env("PLATFORM_CUSTOMER_ID"),
            external_reference=reference or f"py-smoke-{uuid.uuid4()}",
            lines=[OrderLineInput(item_id=env("PLATFORM_ITEM_ID"), quantity=1, unit_price=1250)],
        ),
    )


def test_1_token_via_client_credentials(client: PlatformClient) -> None:
    token = client.access_token()
    assert isinstance(token, str) and len(token) > 20
    assert client.token_exchanges == 1
    item = client.call(inventory_item, env("PLATFORM_ITEM_ID"))
    assert item.id == env("PLATFORM_ITEM_ID")
    assert client.token_exchanges == 1  # the same token is reused


def test_2_paginate_inventory_items_of_the_warehouse(client: PlatformClient) -> None:
    items = list(client.paginate(inventory_items, warehouse_id=env("PLATFORM_WAREHOUSE_ID"), per_page=10))
    assert [i.id for i in items] == [f"SMOKE-{n:02d}" for n in range(1, 26)]


def test_3_order_created_once_through_a_lost_answer() -> None:
    events: list[RetryEvent] = []
    reference = f"py-smoke-flaky-{uuid.uuid4()}"
    with PlatformClient(
        env("PLATFORM_FLAKY_URL"),
        env("PLATFORM_TENANT_ID"),
        client_id=env("PLATFORM_CLIENT_ID"),
        client_secret=env("PLATFORM_CLIENT_SECRET"),
        timeout=15.0,
        on_retry=events.append,
    ) as flaky:
        order = new_order(flaky, reference)
        assert order.external_reference == reference
        # The first attempt's answer was lost (a network error), the retry carried the same key.
        lost = [e for e in events if e.error is not None and e.method == "POST"]
        assert lost, f"expected a retry after a lost answer, got {events}"
        assert all(e.idempotency_key == lost[0].idempotency_key for e in events if e.method == "POST")
        listed = [
            o
            for o in flaky.paginate(orders, customer_id=env("PLATFORM_CUSTOMER_ID"), per_page=100)
            if o.external_reference == reference
        ]
        assert [o.id for o in listed] == [order.id]


def test_4_stale_if_match_and_invalid_transition_are_typed(client: PlatformClient) -> None:
    order = new_order(client)
    assert order.version == 1
    changed = client.call(
        update_order, order.id, body=UpdateOrderInput(notes="changed"), if_match=if_match(order.version)
    )
    assert changed.version == 2
    with pytest.raises(PlatformProblemError) as stale:
        client.call(update_order, order.id, body=UpdateOrderInput(notes="stale"), if_match=if_match(order.version))
    assert stale.value.status == 412
    assert stale.value.code == "precondition_failed"
    assert stale.value.request_id
    assert stale.value.current_version == 2

    confirmed = client.call(confirm_order, order.id)
    assert str(confirmed.status) == "confirmed"
    with pytest.raises(PlatformProblemError) as again:
        client.call(confirm_order, order.id)
    assert again.value.status == 409
    assert again.value.code == "invalid_transition"
    assert again.value.request_id
    with pytest.raises(PlatformProblemError) as wrong_kind:
        client.call(receive_order, order.id)
    assert (wrong_kind.value.status, wrong_kind.value.code) == (409, "invalid_transition")


def test_5_throttled_burst_is_retried_after_retry_after() -> None:
    events: list[RetryEvent] = []
    lock = threading.Lock()

    def record(event: RetryEvent) -> None:
        with lock:
            events.append(event)

    with PlatformClient(
        env("PLATFORM_URL"),
        env("PLATFORM_THROTTLED_TENANT_ID"),
        client_id=env("PLATFORM_THROTTLED_CLIENT_ID"),
        client_secret=env("PLATFORM_THROTTLED_CLIENT_SECRET"),
        timeout=15.0,
        max_retries=8,
        on_retry=record,
    ) as throttled:
        throttled.access_token()
        with ThreadPoolExecutor(max_workers=8) as pool:
            pages = list(pool.map(lambda _: throttled.call(inventory_items, per_page=1), range(8)))
        assert len(pages) == 8 and all(isinstance(p.meta.total, int) for p in pages)
        rate_limited = [e for e in events if e.status == 429]
        assert rate_limited, "expected at least one 429 to be retried"
        assert all(e.retry_after is not None and e.delay >= e.retry_after for e in rate_limited)
        assert throttled.retry_count >= len(rate_limited)


class _Receiver:
    def __init__(self, host: str) -> None:
        self.deliveries: queue.Queue[tuple[bytes, dict[str, str]]] = queue.Queue()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                receiver.deliveries.put((body, dict(self.headers.items())))
                self.send_response(204)
                self.end_headers()

        self.server = ThreadingHTTPServer((host, 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True).start()
        self.url = f"http://{host}:{self.server.server_address[1]}/hooks/platform"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def test_6_webhook_delivery_is_verified(client: PlatformClient) -> None:
    receiver = _Receiver(env("PLATFORM_WEBHOOK_HOST"))
    endpoint = None
    try:
        endpoint = client.call(
            create_webhook_endpoint,
            body=CreateWebhookEndpointInput(
                url=receiver.url, event_types=[CreateWebhookEndpointInputEventTypesItemType0.ORDER_CREATED]
            ),
        )
        assert endpoint.secret.startswith("whsec_")
        order = new_order(client)
        deadline = time.monotonic() + 30
        payload = None
        while payload is None:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                pytest.fail(f"no delivery of order {order.id} within 30 s")
            try:
                body, headers = receiver.deliveries.get(timeout=remaining)
            except queue.Empty:
                continue
            event = verify_webhook(endpoint.secret, body, headers)
            if event.get("data", {}).get("id") == order.id:
                payload = event
                with pytest.raises(WebhookVerificationError):
                    verify_webhook(endpoint.secret, body.replace(order.id.encode(), b"ord_tampered"), headers)
        assert payload["type"] == "order.created"
    finally:
        receiver.close()
        if endpoint is not None:
            with contextlib.suppress(PlatformProblemError, httpx.HTTPError):
                client.call(delete_webhook_endpoint, endpoint.id)
