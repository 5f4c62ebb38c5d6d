from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.sync_failure_list import SyncFailureList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    sync_job_id: str,
    *,
    resolved: bool | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    params: dict[str, Any] = {}

    params["resolved"] = resolved

    params["sort"] = sort

    params["page"] = page

    params["per_page"] = per_page

    params["after"] = after

    params["before"] = before

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/sync/jobs/{sync_job_id}/failures".format(
            sync_job_id=quote(str(sync_job_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> SyncFailureList | None:
    if response.status_code == 200:
        response_200 = SyncFailureList.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[SyncFailureList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    sync_job_id: str,
    *,
    client: AuthenticatedClient,
    resolved: bool | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> Response[SyncFailureList]:
    """The records a job could not write, oldest first by default

     The records a job could not write, oldest first by default.

    Args:
        sync_job_id (str):
        resolved (bool | Unset):
        sort (str | Unset):
        page (int | Unset):
        per_page (int | Unset):
        after (str | Unset):
        before (str | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[SyncFailureList]
    """

    kwargs = _get_kwargs(
        sync_job_id=sync_job_id,
        resolved=resolved,
        sort=sort,
        page=page,
        per_page=per_page,
        after=after,
        before=before,
        x_service_tenant=x_service_tenant,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    sync_job_id: str,
    *,
    client: AuthenticatedClient,
    resolved: bool | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> SyncFailureList | None:
    """The records a job could not write, oldest first by default

     The records a job could not write, oldest first by default.

    Args:
        sync_job_id (str):
        resolved (bool | Unset):
        sort (str | Unset):
        page (int | Unset):
        per_page (int | Unset):
        after (str | Unset):
        before (str | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        SyncFailureList
    """

    return sync_detailed(
        sync_job_id=sync_job_id,
        client=client,
        resolved=resolved,
        sort=sort,
        page=page,
        per_page=per_page,
        after=after,
        before=before,
        x_service_tenant=x_service_tenant,
    ).parsed


async def asyncio_detailed(
    sync_job_id: str,
    *,
    client: AuthenticatedClient,
    resolved: bool | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> Response[SyncFailureList]:
    """The records a job could not write, oldest first by default

     The records a job could not write, oldest first by default.

    Args:
        sync_job_id (str):
        resolved (bool | Unset):
        sort (str | Unset):
        page (int | Unset):
        per_page (int | Unset):
        after (str | Unset):
        before (str | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[SyncFailureList]
    """

    kwargs = _get_kwargs(
        sync_job_id=sync_job_id,
        resolved=resolved,
        sort=sort,
        page=page,
        per_page=per_page,
        after=after,
        before=before,
        x_service_tenant=x_service_tenant,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    sync_job_id: str,
    *,
    client: AuthenticatedClient,
    resolved: bool | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> SyncFailureList | None:
    """The records a job could not write, oldest first by default

     The records a job could not write, oldest first by default.

    Args:
        sync_job_id (str):
        resolved (bool | Unset):
        sort (str | Unset):
        page (int | Unset):
        per_page (int | Unset):
        after (str | Unset):
        before (str | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        SyncFailureList
    """

    return (
        await asyncio_detailed(
            sync_job_id=sync_job_id,
            client=client,
            resolved=resolved,
            sort=sort,
            page=page,
            per_page=per_page,
            after=after,
            before=before,
            x_service_tenant=x_service_tenant,
        )
    ).parsed
