from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bulk_mutation import BulkMutation
from ...types import Response


def _get_kwargs(
    id: str,
    *,
    x_service_tenant: str,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/bulk/mutations/{id}".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BulkMutation | None:
    if response.status_code == 200:
        response_200 = BulkMutation.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[BulkMutation]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    x_service_tenant: str,
) -> Response[BulkMutation]:
    """One bulk mutation by id

     One bulk mutation by id: its status, progress and, once ended, a fresh link to its result file.

    Args:
        id (str):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BulkMutation]
    """

    kwargs = _get_kwargs(
        id=id,
        x_service_tenant=x_service_tenant,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    x_service_tenant: str,
) -> BulkMutation | None:
    """One bulk mutation by id

     One bulk mutation by id: its status, progress and, once ended, a fresh link to its result file.

    Args:
        id (str):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BulkMutation
    """

    return sync_detailed(
        id=id,
        client=client,
        x_service_tenant=x_service_tenant,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    x_service_tenant: str,
) -> Response[BulkMutation]:
    """One bulk mutation by id

     One bulk mutation by id: its status, progress and, once ended, a fresh link to its result file.

    Args:
        id (str):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BulkMutation]
    """

    kwargs = _get_kwargs(
        id=id,
        x_service_tenant=x_service_tenant,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    x_service_tenant: str,
) -> BulkMutation | None:
    """One bulk mutation by id

     One bulk mutation by id: its status, progress and, once ended, a fresh link to its result file.

    Args:
        id (str):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BulkMutation
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            x_service_tenant=x_service_tenant,
        )
    ).parsed
