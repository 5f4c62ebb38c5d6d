"""Retries: backoff with full jitter, Retry-After, idempotency keys kept across attempts, timeouts."""

from __future__ import annotations

import time
import uuid

import httpx
import pytest

from platform_client import PlatformProblemError, RetryEvent
from platform_client._retry import RetryPolicy, http_date, parse_retry_after
from platform_client.generated.api.inventory import create_warehouse, warehouse
from platform_client.generated.models import CreateWarehouseInput

from .conftest import Reply, problem
from .conftest import warehouse as warehouse_json

WH = "/v1/inventory/warehouses"


def test_429_waits_for_retry_after(server, make_client):
    events: list[RetryEvent] = []
    server.script(
        "GET", f"{WH}/wh_1", problem(429, "rate_limited", headers={"Retry-After": "1"}), Reply(200, warehouse_json())
    )
    client = make_client(on_retry=events.append)
    client.access_token()
    started = time.monotonic()
    assert client.call(warehouse, "wh_1").id == "wh_1"
    elapsed = time.monotonic() - started
    assert elapsed >= 1.0
    assert len(server.calls("GET", f"{WH}/wh_1")) == 2
    [event] = events
    assert (event.retry, event.status, event.code, event.retry_after) == (1, 429, "rate_limited", 1.0)
    assert 1.0 <= event.delay <= 1.01  # Retry-After plus a jitter below backoff_base
    assert client.retry_count == 1


def test_503_is_retried_with_backoff(server, make_client):
    events: list[RetryEvent] = []
    server.script(
        "GET",
        f"{WH}/wh_1",
        problem(503, "service_unavailable"),
        problem(503, "service_unavailable"),
        Reply(200, warehouse_json()),
    )
    client = make_client(on_retry=events.append, backoff_base=0.05)
    assert client.call(warehouse, "wh_1").id == "wh_1"
    assert [e.status for e in events] == [503, 503]
    assert events[0].delay <= 0.05 and events[1].delay <= 0.1  # full jitter under the doubling cap


def test_network_error_is_retried(server, make_client):
    events: list[RetryEvent] = []
    server.script("GET", f"{WH}/wh_1", Reply(drop=True), Reply(200, warehouse_json()))
    client = make_client(on_retry=events.append)
    assert client.call(warehouse, "wh_1").id == "wh_1"
    [event] = events
    assert event.status is None and isinstance(event.error, httpx.TransportError)


def test_write_gets_one_idempotency_key_reused_by_its_retries(server, make_client):
    server.script(
        "POST",
        WH,
        Reply(drop=True),
        problem(503, "service_unavailable"),
        Reply(201, warehouse_json(), headers={"Idempotent-Replayed": "true"}),
    )
    client = make_client()
    created = client.call(create_warehouse, body=CreateWarehouseInput(name="Main"))
    assert created.id == "wh_1"
    keys = [c.headers.get("idempotency-key") for c in server.calls("POST", WH)]
    assert len(keys) == 3 and len(set(keys)) == 1
    assert uuid.UUID(keys[0]).version == 4
    assert all(c.json == {"name": "Main"} for c in server.calls("POST", WH))
    # The next write gets a key of its own.
    client.call(create_warehouse, body=CreateWarehouseInput(name="Other"))
    assert server.calls("POST", WH)[-1].headers["idempotency-key"] != keys[0]


def test_callers_idempotency_key_is_kept(server, make_client):
    server.script("POST", WH, problem(500, "internal_error"), Reply(201, warehouse_json()))
    client = make_client()
    client.call(create_warehouse, body=CreateWarehouseInput(name="Main"), idempotency_key="order-import-42")
    assert [c.headers["idempotency-key"] for c in server.calls("POST", WH)] == ["order-import-42"] * 2


def test_write_without_key_is_not_retried(server, make_client):
    server.script("POST", WH, problem(503, "service_unavailable"), Reply(201, warehouse_json()))
    client = make_client(auto_idempotency_keys=False)
    with pytest.raises(PlatformProblemError) as raised:
        client.call(create_warehouse, body=CreateWarehouseInput(name="Main"))
    assert raised.value.status == 503
    [call] = server.calls("POST", WH)
    assert "idempotency-key" not in call.headers
    assert client.retry_count == 0


def test_write_without_key_is_not_retried_after_a_network_error(server, make_client):
    server.script("POST", WH, Reply(drop=True), Reply(201, warehouse_json()))
    client = make_client(auto_idempotency_keys=False)
    with pytest.raises(httpx.TransportError):
        client.call(create_warehouse, body=CreateWarehouseInput(name="Main"))
    assert len(server.calls("POST", WH)) == 1


def test_key_in_use_is_retried(server, make_client):
    server.script(
        "POST", WH, problem(409, "idempotency_key_in_use", headers={"Retry-After": "0"}), Reply(201, warehouse_json())
    )
    client = make_client()
    assert client.call(create_warehouse, body=CreateWarehouseInput(name="Main")).id == "wh_1"
    assert len(server.calls("POST", WH)) == 2


def test_other_conflicts_are_not_retried(server, make_client):
    server.script("POST", WH, problem(409, "already_exists"), Reply(201, warehouse_json()))
    client = make_client()
    with pytest.raises(PlatformProblemError) as raised:
        client.call(create_warehouse, body=CreateWarehouseInput(name="Main"))
    assert raised.value.code == "already_exists"
    assert len(server.calls("POST", WH)) == 1


def test_attempts_are_bounded(server, make_client):
    server.script("GET", f"{WH}/wh_1", problem(503, "service_unavailable"))
    client = make_client(max_retries=2)
    with pytest.raises(PlatformProblemError) as raised:
        client.call(warehouse, "wh_1")
    assert raised.value.code == "service_unavailable"
    assert len(server.calls("GET", f"{WH}/wh_1")) == 3


def test_too_long_retry_after_is_not_waited_for(server, make_client):
    server.script(
        "GET", f"{WH}/wh_1", problem(429, "rate_limited", headers={"Retry-After": "3600"}), Reply(200, warehouse_json())
    )
    client = make_client(max_retry_after=10)
    with pytest.raises(PlatformProblemError) as raised:
        client.call(warehouse, "wh_1")
    assert raised.value.retry_after == 3600
    assert len(server.calls("GET", f"{WH}/wh_1")) == 1


def test_timeout_applies_to_each_attempt(server, make_client):
    server.script("GET", f"{WH}/wh_1", Reply(200, warehouse_json(), delay=1.0), Reply(200, warehouse_json()))
    client = make_client(timeout=0.3, max_retries=0)
    client.access_token()
    started = time.monotonic()
    with pytest.raises(httpx.TimeoutException):
        client.call(warehouse, "wh_1")
    assert time.monotonic() - started < 0.9


def test_timed_out_attempt_is_retried(server, make_client):
    events: list[RetryEvent] = []
    server.script("GET", f"{WH}/wh_1", Reply(200, warehouse_json(), delay=1.0), Reply(200, warehouse_json()))
    client = make_client(timeout=0.3, on_retry=events.append)
    assert client.call(warehouse, "wh_1").id == "wh_1"
    assert isinstance(events[0].error, httpx.TimeoutException)


def test_token_grant_is_retried_on_503(server, make_client):
    server.script(
        "POST",
        "/v1/oauth/token",
        problem(503, "service_unavailable"),
        Reply(200, {"access_token": "tok-x", "token_type": "Bearer", "expires_in": 3600, "scope": ""}),
    )
    client = make_client()
    assert client.access_token() == "tok-x"


def test_full_jitter_bounds():
    policy = RetryPolicy(backoff_base=0.5, backoff_max=4.0)
    assert policy.backoff(1, None, rng=lambda: 0.999) < 0.5
    assert policy.backoff(3, None, rng=lambda: 0.999) < 2.0
    assert policy.backoff(10, None, rng=lambda: 0.999) < 4.0
    assert policy.backoff(10, None, rng=lambda: 0.0) == 0.0
    assert policy.backoff(1, 2.0, rng=lambda: 0.0) == 2.0


def test_retry_after_forms():
    assert parse_retry_after("3") == 3.0
    assert parse_retry_after(None) is None
    assert parse_retry_after("soon") is None
    assert parse_retry_after("-1") is None
    assert 8.0 <= parse_retry_after(http_date(10)) <= 10.0
    assert parse_retry_after(http_date(-10)) == 0.0
