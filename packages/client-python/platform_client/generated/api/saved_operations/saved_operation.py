from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.saved_operation import SavedOperation
from ...types import Response


def _get_kwargs(
    name: str,
    *,
    x_service_tenant: str,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/analytics/saved-operations/{name}".format(
            name=quote(str(name), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> SavedOperation | None:
    if response.status_code == 200:
        response_200 = SavedOperation.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[SavedOperation]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    name: str,
    *,
    client: AuthenticatedClient,
    x_service_tenant: str,
) -> Response[SavedOperation]:
    """One saved operation by name, with its variables and result schema

     One saved operation by name, with its variables and result schema.

    Args:
        name (str):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[SavedOperation]
    """

    kwargs = _get_kwargs(
        name=name,
        x_service_tenant=x_service_tenant,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    name: str,
    *,
    client: AuthenticatedClient,
    x_service_tenant: str,
) -> SavedOperation | None:
    """One saved operation by name, with its variables and result schema

     One saved operation by name, with its variables and result schema.

    Args:
        name (str):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        SavedOperation
    """

    return sync_detailed(
        name=name,
        client=client,
        x_service_tenant=x_service_tenant,
    ).parsed


async def asyncio_detailed(
    name: str,
    *,
    client: AuthenticatedClient,
    x_service_tenant: str,
) -> Response[SavedOperation]:
    """One saved operation by name, with its variables and result schema

     One saved operation by name, with its variables and result schema.

    Args:
        name (str):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[SavedOperation]
    """

    kwargs = _get_kwargs(
        name=name,
        x_service_tenant=x_service_tenant,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    name: str,
    *,
    client: AuthenticatedClient,
    x_service_tenant: str,
) -> SavedOperation | None:
    """One saved operation by name, with its variables and result schema

     One saved operation by name, with its variables and result schema.

    Args:
        name (str):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        SavedOperation
    """

    return (
        await asyncio_detailed(
            name=name,
            client=client,
            x_service_tenant=x_service_tenant,
        )
    ).parsed
