"""Problem answers become PlatformProblemError, whichever generated function was called; If-Match."""

from __future__ import annotations

import pytest

from platform_client import FieldError, PlatformProblemError, etag_version, if_match
from platform_client.generated.api.inventory import create_warehouse, update_warehouse, warehouse
from platform_client.generated.models import CreateWarehouseInput, UpdateWarehouseInput

from .conftest import TENANT, Reply, problem
from .conftest import warehouse as warehouse_json

WH = "/v1/inventory/warehouses"


def test_problem_is_typed(server, make_client):
    server.script(
        "POST",
        WH,
        problem(
            422,
            "rule_violation",
            errors=[{"field": "name", "message": "must not be blank"}, {"field": "", "message": "whole body"}],
            maximum=20,
        ),
    )
    client = make_client()
    with pytest.raises(PlatformProblemError) as raised:
        client.call(create_warehouse, body=CreateWarehouseInput(name=" "))
    error = raised.value
    assert error.status == 422
    assert error.code == "rule_violation"
    assert error.title == "Rule violation"
    assert error.detail == "detail of rule_violation"
    assert error.request_id == "req_rule_violation"
    assert error.type == "/docs/errors#rule_violation"
    assert error.errors == [FieldError("name", "must not be blank"), FieldError("", "whole body")]
    assert error.problem["maximum"] == 20 and error["maximum"] == 20
    assert error.method == "POST" and error.url.endswith(WH)
    assert "422 rule_violation" in str(error) and "req_rule_violation" in str(error)


@pytest.mark.parametrize("function", ["sync", "sync_detailed"])
def test_generated_functions_raise_it_too(server, make_client, function):
    # Called directly, without PlatformClient.call: the transport under client.api raises.
    server.script("GET", f"{WH}/wh_9", problem(404, "not_found"))
    client = make_client()
    with pytest.raises(PlatformProblemError) as raised:
        getattr(warehouse, function)("wh_9", client=client.api, x_service_tenant=TENANT)
    assert raised.value.status == 404 and raised.value.code == "not_found"


def test_raw_httpx_requests_raise_it_too(server, make_client):
    server.script("GET", "/v1/anything", problem(403, "insufficient_scope", required_scope="crm:read"))
    client = make_client()
    with pytest.raises(PlatformProblemError) as raised:
        client.httpx_client.get("/v1/anything")
    assert raised.value["required_scope"] == "crm:read"


def test_error_without_problem_body(server, make_client):
    server.script("GET", f"{WH}/wh_1", Reply(502, b"Bad gateway from a proxy"))
    client = make_client(max_retries=0)
    with pytest.raises(PlatformProblemError) as raised:
        client.call(warehouse, "wh_1")
    assert raised.value.status == 502
    assert raised.value.code is None
    assert raised.value.detail == "Bad gateway from a proxy"


def test_if_match_is_sent_and_a_stale_one_is_a_412(server, make_client):
    server.script(
        "PATCH",
        f"{WH}/wh_1",
        problem(412, "precondition_failed", current_version=4),
        Reply(200, warehouse_json(version=5), headers={"ETag": '"5"'}),
    )
    client = make_client()
    with pytest.raises(PlatformProblemError) as raised:
        client.call(update_warehouse, "wh_1", body=UpdateWarehouseInput(name="New"), if_match=if_match(3))
    assert raised.value.status == 412
    assert raised.value.code == "precondition_failed"
    assert raised.value.current_version == 4
    assert len(server.calls("PATCH", f"{WH}/wh_1")) == 1  # a 412 is never retried
    answer = client.call(
        update_warehouse.sync_detailed,
        "wh_1",
        body=UpdateWarehouseInput(name="New"),
        if_match=if_match(raised.value.current_version),
    )
    assert answer.status_code == 200 and answer.parsed.version == 5
    assert etag_version(answer.headers["ETag"]) == 5
    assert [c.headers["if-match"] for c in server.calls("PATCH", f"{WH}/wh_1")] == ['"3"', '"4"']


def test_if_match_values():
    assert if_match(3) == '"3"'
    assert if_match('"7"') == '"7"'
    assert if_match("7") == '"7"'
    assert if_match("*") == "*"
    assert etag_version('W/"12"') == 12
    assert etag_version("nonsense") is None
    with pytest.raises(ValueError):
        if_match("v3")
    with pytest.raises(ValueError):
        if_match(-1)
