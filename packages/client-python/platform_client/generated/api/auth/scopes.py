from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.scope import Scope
from ...types import Response


def _get_kwargs(
    *,
    x_service_tenant: str,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/auth/scopes",
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> list[Scope] | None:
    if response.status_code == 200:
        response_200 = []
        _response_200 = response.json()
        for response_200_item_data in _response_200:
            response_200_item = Scope.from_dict(response_200_item_data)

            response_200.append(response_200_item)

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[list[Scope]]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    x_service_tenant: str,
) -> Response[list[Scope]]:
    """Every scope with its meaning

     Every scope with its meaning.

    Args:
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[list[Scope]]
    """

    kwargs = _get_kwargs(
        x_service_tenant=x_service_tenant,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    x_service_tenant: str,
) -> list[Scope] | None:
    """Every scope with its meaning

     Every scope with its meaning.

    Args:
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        list[Scope]
    """

    return sync_detailed(
        client=client,
        x_service_tenant=x_service_tenant,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    x_service_tenant: str,
) -> Response[list[Scope]]:
    """Every scope with its meaning

     Every scope with its meaning.

    Args:
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[list[Scope]]
    """

    kwargs = _get_kwargs(
        x_service_tenant=x_service_tenant,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    x_service_tenant: str,
) -> list[Scope] | None:
    """Every scope with its meaning

     Every scope with its meaning.

    Args:
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        list[Scope]
    """

    return (
        await asyncio_detailed(
            client=client,
            x_service_tenant=x_service_tenant,
        )
    ).parsed
