"""Credentials: client-credentials tokens (obtained once, renewed before expiry), API keys, tenant."""

from __future__ import annotations

import threading
import time

import pytest

from platform_client import PlatformProblemError
from platform_client.generated.api.inventory import warehouse

from .conftest import TENANT, Reply, problem
from .conftest import warehouse as warehouse_json


def test_token_is_obtained_once_and_sent_with_the_tenant(server, make_client):
    server.route("GET", "/v1/inventory/warehouses/wh_1", lambda r: Reply(200, warehouse_json()))
    client = make_client()
    first = client.call(warehouse, "wh_1")
    client.call(warehouse, "wh_1")
    assert first.name == "Main"
    [token_call] = server.calls("POST", "/v1/oauth/token")
    assert token_call.json == {"grant_type": "client_credentials", "client_id": "cli_1", "client_secret": "secret"}
    assert "authorization" not in token_call.headers
    for call in server.calls("GET", "/v1/inventory/warehouses/wh_1"):
        assert call.headers["authorization"] == "Bearer tok-1"
        assert call.headers["x-service-tenant"] == TENANT
        assert call.headers["user-agent"].startswith("platform-api-client-python/")
    assert client.token_exchanges == 1


def test_token_is_renewed_before_it_expires(server, make_client):
    server.token_lifetime = 2  # renewed once less than half of it (1 s) is left
    server.route("GET", "/v1/inventory/warehouses/wh_1", lambda r: Reply(200, warehouse_json()))
    client = make_client()
    client.call(warehouse, "wh_1")
    client.call(warehouse, "wh_1")
    assert client.token_exchanges == 1
    time.sleep(1.1)  # the token still has 0.9 s to live: too little, a new one is obtained
    client.call(warehouse, "wh_1")
    calls = server.calls("GET", "/v1/inventory/warehouses/wh_1")
    assert [c.headers["authorization"] for c in calls] == ["Bearer tok-1", "Bearer tok-1", "Bearer tok-2"]
    assert client.token_exchanges == 2
    # No request was refused for an expired token: renewal happened before, not after a 401.
    assert len(server.requests) == 5


def test_a_refused_token_is_replaced_once(server, make_client):
    server.script(
        "GET",
        "/v1/inventory/warehouses/wh_1",
        problem(401, "invalid_token", headers={"WWW-Authenticate": 'Bearer error="invalid_token"'}),
        Reply(200, warehouse_json()),
    )
    client = make_client()
    assert client.call(warehouse, "wh_1").id == "wh_1"
    calls = server.calls("GET", "/v1/inventory/warehouses/wh_1")
    assert [c.headers["authorization"] for c in calls] == ["Bearer tok-1", "Bearer tok-2"]


def test_a_second_401_is_raised(server, make_client):
    server.script("GET", "/v1/inventory/warehouses/wh_1", problem(401, "invalid_token"))
    client = make_client()
    with pytest.raises(PlatformProblemError) as raised:
        client.call(warehouse, "wh_1")
    assert raised.value.status == 401 and raised.value.code == "invalid_token"
    assert len(server.calls("GET", "/v1/inventory/warehouses/wh_1")) == 2


def test_concurrent_first_calls_share_one_token(server, make_client):
    server.route("GET", "/v1/inventory/warehouses/wh_1", lambda r: Reply(200, warehouse_json(), delay=0.05))
    client = make_client()
    errors: list[BaseException] = []

    def read() -> None:
        try:
            client.call(warehouse, "wh_1")
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=read) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(server.calls("POST", "/v1/oauth/token")) == 1


def test_wrong_client_secret_is_a_typed_error(server, make_client):
    client = make_client(client_secret="wrong")
    with pytest.raises(PlatformProblemError) as raised:
        client.access_token()
    assert raised.value.status == 401
    assert raised.value.code == "invalid_client"
    assert raised.value.detail == "Client authentication failed."
    assert len(server.calls("POST", "/v1/oauth/token")) == 1  # not retried


def test_api_key_is_sent_as_bearer_without_token_exchange(server, make_client):
    server.route("GET", "/v1/inventory/warehouses/wh_1", lambda r: Reply(200, warehouse_json()))
    client = make_client(api_key="sk_test_abc")
    client.call(warehouse, "wh_1")
    [call] = server.requests
    assert call.headers["authorization"] == "Bearer sk_test_abc"
    assert call.headers["x-service-tenant"] == TENANT
    assert client.token_exchanges == 0


def test_credentials_are_required():
    from platform_client import PlatformClient

    with pytest.raises(ValueError):
        PlatformClient("http://127.0.0.1:9", TENANT)
    with pytest.raises(ValueError):
        PlatformClient("http://127.0.0.1:9", TENANT, api_key="k", client_id="c", client_secret="s")
