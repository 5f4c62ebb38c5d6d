from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bulk_export import BulkExport
from ...models.create_bulk_export_input import CreateBulkExportInput
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateBulkExportInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/bulk/exports",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BulkExport | None:
    if response.status_code == 201:
        response_201 = BulkExport.from_dict(response.json())

        return response_201

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
    *,
    client: AuthenticatedClient,
    body: CreateBulkExportInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[BulkExport]:
    """Starts an asynchronous export of a list query (its filters, sort and selected fields, federated
    fields included) to NDJSON or CSV

     Starts an asynchronous export of a list query (its filters, sort and selected fields, federated
    fields included) to NDJSON or CSV. The query runs as you: its first page is read now, so a scope you
    lack or a filter that does not hold is refused here (with the list’s own error); the export then
    runs with the scopes your credential holds now, never more. A query that is not one paginated list
    field is a 422 naming `query`. Follow it with `GET /v1/bulk/exports/{id}` or `export.completed`.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateBulkExportInput): The list query to export and the file format.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BulkExport]
    """

    kwargs = _get_kwargs(
        body=body,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: CreateBulkExportInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> BulkExport | None:
    """Starts an asynchronous export of a list query (its filters, sort and selected fields, federated
    fields included) to NDJSON or CSV

     Starts an asynchronous export of a list query (its filters, sort and selected fields, federated
    fields included) to NDJSON or CSV. The query runs as you: its first page is read now, so a scope you
    lack or a filter that does not hold is refused here (with the list’s own error); the export then
    runs with the scopes your credential holds now, never more. A query that is not one paginated list
    field is a 422 naming `query`. Follow it with `GET /v1/bulk/exports/{id}` or `export.completed`.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateBulkExportInput): The list query to export and the file format.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BulkExport
    """

    return sync_detailed(
        client=client,
        body=body,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateBulkExportInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[BulkExport]:
    """Starts an asynchronous export of a list query (its filters, sort and selected fields, federated
    fields included) to NDJSON or CSV

     Starts an asynchronous export of a list query (its filters, sort and selected fields, federated
    fields included) to NDJSON or CSV. The query runs as you: its first page is read now, so a scope you
    lack or a filter that does not hold is refused here (with the list’s own error); the export then
    runs with the scopes your credential holds now, never more. A query that is not one paginated list
    field is a 422 naming `query`. Follow it with `GET /v1/bulk/exports/{id}` or `export.completed`.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateBulkExportInput): The list query to export and the file format.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BulkExport]
    """

    kwargs = _get_kwargs(
        body=body,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CreateBulkExportInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> BulkExport | None:
    """Starts an asynchronous export of a list query (its filters, sort and selected fields, federated
    fields included) to NDJSON or CSV

     Starts an asynchronous export of a list query (its filters, sort and selected fields, federated
    fields included) to NDJSON or CSV. The query runs as you: its first page is read now, so a scope you
    lack or a filter that does not hold is refused here (with the list’s own error); the export then
    runs with the scopes your credential holds now, never more. A query that is not one paginated list
    field is a 422 naming `query`. Follow it with `GET /v1/bulk/exports/{id}` or `export.completed`.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateBulkExportInput): The list query to export and the file format.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BulkExport
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_service_tenant=x_service_tenant,
            idempotency_key=idempotency_key,
        )
    ).parsed
