from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.replay_sync_failures_input import ReplaySyncFailuresInput
from ...models.sync_job import SyncJob
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    body: ReplaySyncFailuresInput | Unset = UNSET,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/sync/jobs/{id}/replay".format(
            id=quote(str(id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
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
    id: str,
    *,
    client: AuthenticatedClient,
    body: ReplaySyncFailuresInput | Unset = UNSET,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[SyncJob]:
    """Starts a replay job (trigger replay) that writes a job’s unresolved failed records again with the
    connector’s current mapping (after you fixed it), from their stored payloads

     Starts a replay job (trigger `replay`) that writes a job’s unresolved failed records again with the
    connector’s current mapping (after you fixed it), from their stored payloads: every one, or one
    (`failure_id`). A record already written is found unchanged, never written twice. Each record
    written is marked resolved; one that fails again is kept as a failure of the replay job.

    Args:
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (ReplaySyncFailuresInput | Unset): Which failed records to replay.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[SyncJob]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
        if_match=if_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: ReplaySyncFailuresInput | Unset = UNSET,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> SyncJob | None:
    """Starts a replay job (trigger replay) that writes a job’s unresolved failed records again with the
    connector’s current mapping (after you fixed it), from their stored payloads

     Starts a replay job (trigger `replay`) that writes a job’s unresolved failed records again with the
    connector’s current mapping (after you fixed it), from their stored payloads: every one, or one
    (`failure_id`). A record already written is found unchanged, never written twice. Each record
    written is marked resolved; one that fails again is kept as a failure of the replay job.

    Args:
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (ReplaySyncFailuresInput | Unset): Which failed records to replay.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        SyncJob
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
        if_match=if_match,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: ReplaySyncFailuresInput | Unset = UNSET,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[SyncJob]:
    """Starts a replay job (trigger replay) that writes a job’s unresolved failed records again with the
    connector’s current mapping (after you fixed it), from their stored payloads

     Starts a replay job (trigger `replay`) that writes a job’s unresolved failed records again with the
    connector’s current mapping (after you fixed it), from their stored payloads: every one, or one
    (`failure_id`). A record already written is found unchanged, never written twice. Each record
    written is marked resolved; one that fails again is kept as a failure of the replay job.

    Args:
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (ReplaySyncFailuresInput | Unset): Which failed records to replay.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[SyncJob]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
        if_match=if_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: ReplaySyncFailuresInput | Unset = UNSET,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> SyncJob | None:
    """Starts a replay job (trigger replay) that writes a job’s unresolved failed records again with the
    connector’s current mapping (after you fixed it), from their stored payloads

     Starts a replay job (trigger `replay`) that writes a job’s unresolved failed records again with the
    connector’s current mapping (after you fixed it), from their stored payloads: every one, or one
    (`failure_id`). A record already written is found unchanged, never written twice. Each record
    written is marked resolved; one that fails again is kept as a failure of the replay job.

    Args:
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (ReplaySyncFailuresInput | Unset): Which failed records to replay.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        SyncJob
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            x_service_tenant=x_service_tenant,
            idempotency_key=idempotency_key,
            if_match=if_match,
        )
    ).parsed
