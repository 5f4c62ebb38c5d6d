from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bulk_export import BulkExport
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/bulk/exports/{id}/cancel".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BulkExport | None:
    if response.status_code == 200:
        response_200 = BulkExport.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[BulkExport]:
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
    idempotency_key: str | Unset = UNSET,
) -> Response[BulkExport]:
    """Cancels a queued or running export and deletes what it had written (any other status: invalid_state)

     Cancels a queued or running export and deletes what it had written (any other status:
    `invalid_state`). A running export stops before its next page.

    Args:
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BulkExport]
    """

    kwargs = _get_kwargs(
        id=id,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
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
    idempotency_key: str | Unset = UNSET,
) -> BulkExport | None:
    """Cancels a queued or running export and deletes what it had written (any other status: invalid_state)

     Cancels a queued or running export and deletes what it had written (any other status:
    `invalid_state`). A running export stops before its next page.

    Args:
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BulkExport
    """

    return sync_detailed(
        id=id,
        client=client,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[BulkExport]:
    """Cancels a queued or running export and deletes what it had written (any other status: invalid_state)

     Cancels a queued or running export and deletes what it had written (any other status:
    `invalid_state`). A running export stops before its next page.

    Args:
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BulkExport]
    """

    kwargs = _get_kwargs(
        id=id,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> BulkExport | None:
    """Cancels a queued or running export and deletes what it had written (any other status: invalid_state)

     Cancels a queued or running export and deletes what it had written (any other status:
    `invalid_state`). A running export stops before its next page.

    Args:
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BulkExport
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            x_service_tenant=x_service_tenant,
            idempotency_key=idempotency_key,
        )
    ).parsed
