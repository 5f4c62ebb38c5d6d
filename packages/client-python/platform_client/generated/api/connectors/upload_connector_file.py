from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.connector_upload import ConnectorUpload
from ...models.upload_connector_file_body import UploadConnectorFileBody
from ...types import Response


def _get_kwargs(
    connector_id: str,
    *,
    body: UploadConnectorFileBody,
    x_service_tenant: str,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/connectors/{connector_id}/uploads".format(
            connector_id=quote(str(connector_id), safe=""),
        ),
    }

    _kwargs["files"] = body.to_multipart()

    headers["Content-Type"] = "multipart/form-data; boundary=+++"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ConnectorUpload | None:
    if response.status_code == 201:
        response_201 = ConnectorUpload.from_dict(response.json())

        return response_201

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ConnectorUpload]:
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
    body: UploadConnectorFileBody,
    x_service_tenant: str,
) -> Response[ConnectorUpload]:
    """Upload a CSV file to a csv connector

     Stores a file for a connector of kind `csv`, streamed as it arrives (never held whole), and answers
    its id, size and SHA-256; import it with `POST /v1/sync/jobs` `{ "connector_id", "upload_id" }`.
    Send `multipart/form-data` with the file in the field `file` (one file; other fields are ignored). A
    connector holds at most `UPLOADS_PER_CONNECTOR` (10) unexpired uploads (`quota_exceeded`); a
    connector of another kind is `invalid_state`. Refused: a body that is not multipart (415), a form
    without the `file` field or with two files (400 `validation_failed`, field `file`), a file larger
    than `UPLOAD_MAX_BYTES` (1 GiB by default; 413 `payload_too_large`, found as it streams in). A
    refused upload stores nothing.

    Args:
        connector_id (str):
        x_service_tenant (str):
        body (UploadConnectorFileBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConnectorUpload]
    """

    kwargs = _get_kwargs(
        connector_id=connector_id,
        body=body,
        x_service_tenant=x_service_tenant,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    connector_id: str,
    *,
    client: AuthenticatedClient,
    body: UploadConnectorFileBody,
    x_service_tenant: str,
) -> ConnectorUpload | None:
    """Upload a CSV file to a csv connector

     Stores a file for a connector of kind `csv`, streamed as it arrives (never held whole), and answers
    its id, size and SHA-256; import it with `POST /v1/sync/jobs` `{ "connector_id", "upload_id" }`.
    Send `multipart/form-data` with the file in the field `file` (one file; other fields are ignored). A
    connector holds at most `UPLOADS_PER_CONNECTOR` (10) unexpired uploads (`quota_exceeded`); a
    connector of another kind is `invalid_state`. Refused: a body that is not multipart (415), a form
    without the `file` field or with two files (400 `validation_failed`, field `file`), a file larger
    than `UPLOAD_MAX_BYTES` (1 GiB by default; 413 `payload_too_large`, found as it streams in). A
    refused upload stores nothing.

    Args:
        connector_id (str):
        x_service_tenant (str):
        body (UploadConnectorFileBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConnectorUpload
    """

    return sync_detailed(
        connector_id=connector_id,
        client=client,
        body=body,
        x_service_tenant=x_service_tenant,
    ).parsed


async def asyncio_detailed(
    connector_id: str,
    *,
    client: AuthenticatedClient,
    body: UploadConnectorFileBody,
    x_service_tenant: str,
) -> Response[ConnectorUpload]:
    """Upload a CSV file to a csv connector

     Stores a file for a connector of kind `csv`, streamed as it arrives (never held whole), and answers
    its id, size and SHA-256; import it with `POST /v1/sync/jobs` `{ "connector_id", "upload_id" }`.
    Send `multipart/form-data` with the file in the field `file` (one file; other fields are ignored). A
    connector holds at most `UPLOADS_PER_CONNECTOR` (10) unexpired uploads (`quota_exceeded`); a
    connector of another kind is `invalid_state`. Refused: a body that is not multipart (415), a form
    without the `file` field or with two files (400 `validation_failed`, field `file`), a file larger
    than `UPLOAD_MAX_BYTES` (1 GiB by default; 413 `payload_too_large`, found as it streams in). A
    refused upload stores nothing.

    Args:
        connector_id (str):
        x_service_tenant (str):
        body (UploadConnectorFileBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConnectorUpload]
    """

    kwargs = _get_kwargs(
        connector_id=connector_id,
        body=body,
        x_service_tenant=x_service_tenant,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    connector_id: str,
    *,
    client: AuthenticatedClient,
    body: UploadConnectorFileBody,
    x_service_tenant: str,
) -> ConnectorUpload | None:
    """Upload a CSV file to a csv connector

     Stores a file for a connector of kind `csv`, streamed as it arrives (never held whole), and answers
    its id, size and SHA-256; import it with `POST /v1/sync/jobs` `{ "connector_id", "upload_id" }`.
    Send `multipart/form-data` with the file in the field `file` (one file; other fields are ignored). A
    connector holds at most `UPLOADS_PER_CONNECTOR` (10) unexpired uploads (`quota_exceeded`); a
    connector of another kind is `invalid_state`. Refused: a body that is not multipart (415), a form
    without the `file` field or with two files (400 `validation_failed`, field `file`), a file larger
    than `UPLOAD_MAX_BYTES` (1 GiB by default; 413 `payload_too_large`, found as it streams in). A
    refused upload stores nothing.

    Args:
        connector_id (str):
        x_service_tenant (str):
        body (UploadConnectorFileBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConnectorUpload
    """

    return (
        await asyncio_detailed(
            connector_id=connector_id,
            client=client,
            body=body,
            x_service_tenant=x_service_tenant,
        )
    ).parsed
