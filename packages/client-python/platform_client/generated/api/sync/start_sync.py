from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.start_sync_input import StartSyncInput
from ...models.sync_job import SyncJob
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: StartSyncInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/sync/jobs",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> SyncJob | None:
    if response.status_code == 201:
        response_201 = SyncJob.from_dict(response.json())

        return response_201

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[SyncJob]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: StartSyncInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[SyncJob]:
    """Starts a sync job of a connector with its current mapping, from where its last successful sync ended
    (from the beginning with full, from an instant with since)

     Starts a sync job of a connector with its current mapping, from where its last successful sync ended
    (from the beginning with `full`, from an instant with `since`); a csv connector’s job imports the
    upload named by `upload_id`; `direction: outbound` starts a push of its events instead. One job of a
    connector runs at a time: while one is queued or running, `invalid_state`.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (StartSyncInput): The connector to sync.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[SyncJob]
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
    body: StartSyncInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> SyncJob | None:
    """Starts a sync job of a connector with its current mapping, from where its last successful sync ended
    (from the beginning with full, from an instant with since)

     Starts a sync job of a connector with its current mapping, from where its last successful sync ended
    (from the beginning with `full`, from an instant with `since`); a csv connector’s job imports the
    upload named by `upload_id`; `direction: outbound` starts a push of its events instead. One job of a
    connector runs at a time: while one is queued or running, `invalid_state`.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (StartSyncInput): The connector to sync.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        SyncJob
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
    body: StartSyncInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[SyncJob]:
    """Starts a sync job of a connector with its current mapping, from where its last successful sync ended
    (from the beginning with full, from an instant with since)

     Starts a sync job of a connector with its current mapping, from where its last successful sync ended
    (from the beginning with `full`, from an instant with `since`); a csv connector’s job imports the
    upload named by `upload_id`; `direction: outbound` starts a push of its events instead. One job of a
    connector runs at a time: while one is queued or running, `invalid_state`.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (StartSyncInput): The connector to sync.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[SyncJob]
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
    body: StartSyncInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> SyncJob | None:
    """Starts a sync job of a connector with its current mapping, from where its last successful sync ended
    (from the beginning with full, from an instant with since)

     Starts a sync job of a connector with its current mapping, from where its last successful sync ended
    (from the beginning with `full`, from an instant with `since`); a csv connector’s job imports the
    upload named by `upload_id`; `direction: outbound` starts a push of its events instead. One job of a
    connector runs at a time: while one is queued or running, `invalid_state`.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (StartSyncInput): The connector to sync.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        SyncJob
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_service_tenant=x_service_tenant,
            idempotency_key=idempotency_key,
        )
    ).parsed
