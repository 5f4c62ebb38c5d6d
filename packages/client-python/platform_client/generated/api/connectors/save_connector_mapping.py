from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.connector_mapping import ConnectorMapping
from ...models.save_connector_mapping_input import SaveConnectorMappingInput
from ...types import UNSET, Response, Unset


def _get_kwargs(
    connector_id: str,
    *,
    body: SaveConnectorMappingInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/connectors/{connector_id}/mappings".format(
            connector_id=quote(str(connector_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ConnectorMapping | None:
    if response.status_code == 201:
        response_201 = ConnectorMapping.from_dict(response.json())

        return response_201

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ConnectorMapping]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    connector_id: str,
    *,
    client: AuthenticatedClient,
    body: SaveConnectorMappingInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[ConnectorMapping]:
    """Saves a new version of the connector’s mapping, used by the sync jobs started after it (jobs already
    started keep theirs)

     Saves a new version of the connector’s mapping, used by the sync jobs started after it (jobs already
    started keep theirs). Every target’s input fields are checked: unknown fields, required fields left
    unmapped, expressions that do not parse (`rule_violation` naming each). Saving a mapping to a target
    needs the scope its writes take (`inventory:write` for `create_inventory_item`, `crm:write` for
    customers and orders): the connector never writes what its author could not.

    Args:
        connector_id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (SaveConnectorMappingInput): A new version of the connector’s mapping.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConnectorMapping]
    """

    kwargs = _get_kwargs(
        connector_id=connector_id,
        body=body,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
        if_match=if_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    connector_id: str,
    *,
    client: AuthenticatedClient,
    body: SaveConnectorMappingInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> ConnectorMapping | None:
    """Saves a new version of the connector’s mapping, used by the sync jobs started after it (jobs already
    started keep theirs)

     Saves a new version of the connector’s mapping, used by the sync jobs started after it (jobs already
    started keep theirs). Every target’s input fields are checked: unknown fields, required fields left
    unmapped, expressions that do not parse (`rule_violation` naming each). Saving a mapping to a target
    needs the scope its writes take (`inventory:write` for `create_inventory_item`, `crm:write` for
    customers and orders): the connector never writes what its author could not.

    Args:
        connector_id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (SaveConnectorMappingInput): A new version of the connector’s mapping.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConnectorMapping
    """

    return sync_detailed(
        connector_id=connector_id,
        client=client,
        body=body,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
        if_match=if_match,
    ).parsed


async def asyncio_detailed(
    connector_id: str,
    *,
    client: AuthenticatedClient,
    body: SaveConnectorMappingInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[ConnectorMapping]:
    """Saves a new version of the connector’s mapping, used by the sync jobs started after it (jobs already
    started keep theirs)

     Saves a new version of the connector’s mapping, used by the sync jobs started after it (jobs already
    started keep theirs). Every target’s input fields are checked: unknown fields, required fields left
    unmapped, expressions that do not parse (`rule_violation` naming each). Saving a mapping to a target
    needs the scope its writes take (`inventory:write` for `create_inventory_item`, `crm:write` for
    customers and orders): the connector never writes what its author could not.

    Args:
        connector_id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (SaveConnectorMappingInput): A new version of the connector’s mapping.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConnectorMapping]
    """

    kwargs = _get_kwargs(
        connector_id=connector_id,
        body=body,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
        if_match=if_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    connector_id: str,
    *,
    client: AuthenticatedClient,
    body: SaveConnectorMappingInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> ConnectorMapping | None:
    """Saves a new version of the connector’s mapping, used by the sync jobs started after it (jobs already
    started keep theirs)

     Saves a new version of the connector’s mapping, used by the sync jobs started after it (jobs already
    started keep theirs). Every target’s input fields are checked: unknown fields, required fields left
    unmapped, expressions that do not parse (`rule_violation` naming each). Saving a mapping to a target
    needs the scope its writes take (`inventory:write` for `create_inventory_item`, `crm:write` for
    customers and orders): the connector never writes what its author could not.

    Args:
        connector_id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (SaveConnectorMappingInput): A new version of the connector’s mapping.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConnectorMapping
    """

    return (
        await asyncio_detailed(
            connector_id=connector_id,
            client=client,
            body=body,
            x_service_tenant=x_service_tenant,
            idempotency_key=idempotency_key,
            if_match=if_match,
        )
    ).parsed
