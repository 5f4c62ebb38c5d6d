from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bulk_upload import BulkUpload
from ...types import File, Response


def _get_kwargs(
    *,
    body: File,
    x_service_tenant: str,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/bulk/uploads",
    }

    _kwargs["content"] = body.payload
    headers["Content-Type"] = "application/x-ndjson"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BulkUpload | None:
    if response.status_code == 201:
        response_201 = BulkUpload.from_dict(response.json())

        return response_201

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[BulkUpload]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: File,
    x_service_tenant: str,
) -> Response[BulkUpload]:
    """Upload the JSONL file of a bulk mutation

     Stores the lines a bulk mutation runs (`POST /v1/bulk/mutations` with the `upload_id`): one JSON
    object per line, the variables of one run of the mutation, read and checked line by line as it
    arrives (never held whole). Send it as `application/x-ndjson` (or `application/jsonl`). Refused,
    storing nothing: a body of another media type (415), an empty file, or a line that is not one JSON
    object or is longer than 1 MiB (422 `rule_violation` naming `lines.<n>`: the document states only
    bytes), a file larger than 50 MB (413 `payload_too_large`). One request against the rate limit,
    whatever its size.

    Args:
        x_service_tenant (str):
        body (File): JSON objects, one per line (UTF-8).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BulkUpload]
    """

    kwargs = _get_kwargs(
        body=body,
        x_service_tenant=x_service_tenant,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: File,
    x_service_tenant: str,
) -> BulkUpload | None:
    """Upload the JSONL file of a bulk mutation

     Stores the lines a bulk mutation runs (`POST /v1/bulk/mutations` with the `upload_id`): one JSON
    object per line, the variables of one run of the mutation, read and checked line by line as it
    arrives (never held whole). Send it as `application/x-ndjson` (or `application/jsonl`). Refused,
    storing nothing: a body of another media type (415), an empty file, or a line that is not one JSON
    object or is longer than 1 MiB (422 `rule_violation` naming `lines.<n>`: the document states only
    bytes), a file larger than 50 MB (413 `payload_too_large`). One request against the rate limit,
    whatever its size.

    Args:
        x_service_tenant (str):
        body (File): JSON objects, one per line (UTF-8).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BulkUpload
    """

    return sync_detailed(
        client=client,
        body=body,
        x_service_tenant=x_service_tenant,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: File,
    x_service_tenant: str,
) -> Response[BulkUpload]:
    """Upload the JSONL file of a bulk mutation

     Stores the lines a bulk mutation runs (`POST /v1/bulk/mutations` with the `upload_id`): one JSON
    object per line, the variables of one run of the mutation, read and checked line by line as it
    arrives (never held whole). Send it as `application/x-ndjson` (or `application/jsonl`). Refused,
    storing nothing: a body of another media type (415), an empty file, or a line that is not one JSON
    object or is longer than 1 MiB (422 `rule_violation` naming `lines.<n>`: the document states only
    bytes), a file larger than 50 MB (413 `payload_too_large`). One request against the rate limit,
    whatever its size.

    Args:
        x_service_tenant (str):
        body (File): JSON objects, one per line (UTF-8).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BulkUpload]
    """

    kwargs = _get_kwargs(
        body=body,
        x_service_tenant=x_service_tenant,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: File,
    x_service_tenant: str,
) -> BulkUpload | None:
    """Upload the JSONL file of a bulk mutation

     Stores the lines a bulk mutation runs (`POST /v1/bulk/mutations` with the `upload_id`): one JSON
    object per line, the variables of one run of the mutation, read and checked line by line as it
    arrives (never held whole). Send it as `application/x-ndjson` (or `application/jsonl`). Refused,
    storing nothing: a body of another media type (415), an empty file, or a line that is not one JSON
    object or is longer than 1 MiB (422 `rule_violation` naming `lines.<n>`: the document states only
    bytes), a file larger than 50 MB (413 `payload_too_large`). One request against the rate limit,
    whatever its size.

    Args:
        x_service_tenant (str):
        body (File): JSON objects, one per line (UTF-8).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BulkUpload
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_service_tenant=x_service_tenant,
        )
    ).parsed
