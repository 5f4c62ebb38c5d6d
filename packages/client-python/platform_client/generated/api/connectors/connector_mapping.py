from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.connector_mapping import ConnectorMapping
from ...types import Response


def _get_kwargs(
    connector_id: str,
    version: int,
    *,
    x_service_tenant: str,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/connectors/{connector_id}/mappings/{version}".format(
            connector_id=quote(str(connector_id), safe=""),
            version=quote(str(version), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ConnectorMapping | None:
    if response.status_code == 200:
        response_200 = ConnectorMapping.from_dict(response.json())

        return response_200

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
    version: int,
    *,
    client: AuthenticatedClient,
    x_service_tenant: str,
) -> Response[ConnectorMapping]:
    """One version of a connector’s mapping

     One version of a connector’s mapping.

    Args:
        connector_id (str):
        version (int):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConnectorMapping]
    """

    kwargs = _get_kwargs(
        connector_id=connector_id,
        version=version,
        x_service_tenant=x_service_tenant,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    connector_id: str,
    version: int,
    *,
    client: AuthenticatedClient,
    x_service_tenant: str,
) -> ConnectorMapping | None:
    """One version of a connector’s mapping

     One version of a connector’s mapping.

    Args:
        connector_id (str):
        version (int):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConnectorMapping
    """

    return sync_detailed(
        connector_id=connector_id,
        version=version,
        client=client,
        x_service_tenant=x_service_tenant,
    ).parsed


async def asyncio_detailed(
    connector_id: str,
    version: int,
    *,
    client: AuthenticatedClient,
    x_service_tenant: str,
) -> Response[ConnectorMapping]:
    """One version of a connector’s mapping

     One version of a connector’s mapping.

    Args:
        connector_id (str):
        version (int):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConnectorMapping]
    """

    kwargs = _get_kwargs(
        connector_id=connector_id,
        version=version,
        x_service_tenant=x_service_tenant,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    connector_id: str,
    version: int,
    *,
    client: AuthenticatedClient,
    x_service_tenant: str,
) -> ConnectorMapping | None:
    """One version of a connector’s mapping

     One version of a connector’s mapping.

    Args:
        connector_id (str):
        version (int):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConnectorMapping
    """

    return (
        await asyncio_detailed(
            connector_id=connector_id,
            version=version,
            client=client,
            x_service_tenant=x_service_tenant,
        )
    ).parsed
