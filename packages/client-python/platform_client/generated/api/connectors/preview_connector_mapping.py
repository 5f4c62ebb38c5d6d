from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.mapping_preview import MappingPreview
from ...models.preview_connector_mapping_input import PreviewConnectorMappingInput
from ...types import UNSET, Response, Unset


def _get_kwargs(
    connector_id: str,
    *,
    body: PreviewConnectorMappingInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/connectors/{connector_id}/mapping-preview".format(
            connector_id=quote(str(connector_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> MappingPreview | None:
    if response.status_code == 200:
        response_200 = MappingPreview.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[MappingPreview]:
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
    body: PreviewConnectorMappingInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[MappingPreview]:
    """Maps sample records, or a job’s failed records, with a mapping (the current one by default) and
    shows each outcome

     Maps sample records, or a job’s failed records, with a mapping (the current one by default) and
    shows each outcome. Nothing is written: use it to check a mapping fix before saving it and
    replaying.

    Args:
        connector_id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (PreviewConnectorMappingInput): What to preview: a mapping (default: the connector’s
            current one) over sample records or over a job’s failed records.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MappingPreview]
    """

    kwargs = _get_kwargs(
        connector_id=connector_id,
        body=body,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    connector_id: str,
    *,
    client: AuthenticatedClient,
    body: PreviewConnectorMappingInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> MappingPreview | None:
    """Maps sample records, or a job’s failed records, with a mapping (the current one by default) and
    shows each outcome

     Maps sample records, or a job’s failed records, with a mapping (the current one by default) and
    shows each outcome. Nothing is written: use it to check a mapping fix before saving it and
    replaying.

    Args:
        connector_id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (PreviewConnectorMappingInput): What to preview: a mapping (default: the connector’s
            current one) over sample records or over a job’s failed records.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MappingPreview
    """

    return sync_detailed(
        connector_id=connector_id,
        client=client,
        body=body,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    connector_id: str,
    *,
    client: AuthenticatedClient,
    body: PreviewConnectorMappingInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[MappingPreview]:
    """Maps sample records, or a job’s failed records, with a mapping (the current one by default) and
    shows each outcome

     Maps sample records, or a job’s failed records, with a mapping (the current one by default) and
    shows each outcome. Nothing is written: use it to check a mapping fix before saving it and
    replaying.

    Args:
        connector_id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (PreviewConnectorMappingInput): What to preview: a mapping (default: the connector’s
            current one) over sample records or over a job’s failed records.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MappingPreview]
    """

    kwargs = _get_kwargs(
        connector_id=connector_id,
        body=body,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    connector_id: str,
    *,
    client: AuthenticatedClient,
    body: PreviewConnectorMappingInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> MappingPreview | None:
    """Maps sample records, or a job’s failed records, with a mapping (the current one by default) and
    shows each outcome

     Maps sample records, or a job’s failed records, with a mapping (the current one by default) and
    shows each outcome. Nothing is written: use it to check a mapping fix before saving it and
    replaying.

    Args:
        connector_id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (PreviewConnectorMappingInput): What to preview: a mapping (default: the connector’s
            current one) over sample records or over a job’s failed records.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MappingPreview
    """

    return (
        await asyncio_detailed(
            connector_id=connector_id,
            client=client,
            body=body,
            x_service_tenant=x_service_tenant,
            idempotency_key=idempotency_key,
        )
    ).parsed
