import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.event_list import EventList
from ...models.platform_event_type import PlatformEventType
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    type_: PlatformEventType | Unset = UNSET,
    resource_id: str | Unset = UNSET,
    occurred_after: datetime.datetime | Unset = UNSET,
    occurred_before: datetime.datetime | Unset = UNSET,
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

    json_type_: str | Unset = UNSET
    if not isinstance(type_, Unset):
        json_type_ = type_.value

    params["type"] = json_type_

    params["resource_id"] = resource_id

    json_occurred_after: str | Unset = UNSET
    if not isinstance(occurred_after, Unset):
        json_occurred_after = occurred_after.isoformat()
    params["occurred_after"] = json_occurred_after

    json_occurred_before: str | Unset = UNSET
    if not isinstance(occurred_before, Unset):
        json_occurred_before = occurred_before.isoformat()
    params["occurred_before"] = json_occurred_before

    params["sort"] = sort

    params["page"] = page

    params["per_page"] = per_page

    params["after"] = after

    params["before"] = before

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/events",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> EventList | None:
    if response.status_code == 200:
        response_200 = EventList.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[EventList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    type_: PlatformEventType | Unset = UNSET,
    resource_id: str | Unset = UNSET,
    occurred_after: datetime.datetime | Unset = UNSET,
    occurred_before: datetime.datetime | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> Response[EventList]:
    """Events of the tenant, newest first by default

     Events of the tenant, newest first by default. Lists only the types the credential may receive:
    `events:read` and, for a platform type, the scope that reads its record (`order.created` needs
    `crm:read`, `inventory.stock.low` `inventory:read`, `invoice.*` `finance:read`).

    Args:
        type_ (PlatformEventType | Unset): A type of event the platform emits (clients publish
            their own under `custom.`).
        resource_id (str | Unset):
        occurred_after (datetime.datetime | Unset):
        occurred_before (datetime.datetime | Unset):
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
        Response[EventList]
    """

    kwargs = _get_kwargs(
        type_=type_,
        resource_id=resource_id,
        occurred_after=occurred_after,
        occurred_before=occurred_before,
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
    *,
    client: AuthenticatedClient,
    type_: PlatformEventType | Unset = UNSET,
    resource_id: str | Unset = UNSET,
    occurred_after: datetime.datetime | Unset = UNSET,
    occurred_before: datetime.datetime | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> EventList | None:
    """Events of the tenant, newest first by default

     Events of the tenant, newest first by default. Lists only the types the credential may receive:
    `events:read` and, for a platform type, the scope that reads its record (`order.created` needs
    `crm:read`, `inventory.stock.low` `inventory:read`, `invoice.*` `finance:read`).

    Args:
        type_ (PlatformEventType | Unset): A type of event the platform emits (clients publish
            their own under `custom.`).
        resource_id (str | Unset):
        occurred_after (datetime.datetime | Unset):
        occurred_before (datetime.datetime | Unset):
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
        EventList
    """

    return sync_detailed(
        client=client,
        type_=type_,
        resource_id=resource_id,
        occurred_after=occurred_after,
        occurred_before=occurred_before,
        sort=sort,
        page=page,
        per_page=per_page,
        after=after,
        before=before,
        x_service_tenant=x_service_tenant,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    type_: PlatformEventType | Unset = UNSET,
    resource_id: str | Unset = UNSET,
    occurred_after: datetime.datetime | Unset = UNSET,
    occurred_before: datetime.datetime | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> Response[EventList]:
    """Events of the tenant, newest first by default

     Events of the tenant, newest first by default. Lists only the types the credential may receive:
    `events:read` and, for a platform type, the scope that reads its record (`order.created` needs
    `crm:read`, `inventory.stock.low` `inventory:read`, `invoice.*` `finance:read`).

    Args:
        type_ (PlatformEventType | Unset): A type of event the platform emits (clients publish
            their own under `custom.`).
        resource_id (str | Unset):
        occurred_after (datetime.datetime | Unset):
        occurred_before (datetime.datetime | Unset):
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
        Response[EventList]
    """

    kwargs = _get_kwargs(
        type_=type_,
        resource_id=resource_id,
        occurred_after=occurred_after,
        occurred_before=occurred_before,
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
    *,
    client: AuthenticatedClient,
    type_: PlatformEventType | Unset = UNSET,
    resource_id: str | Unset = UNSET,
    occurred_after: datetime.datetime | Unset = UNSET,
    occurred_before: datetime.datetime | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> EventList | None:
    """Events of the tenant, newest first by default

     Events of the tenant, newest first by default. Lists only the types the credential may receive:
    `events:read` and, for a platform type, the scope that reads its record (`order.created` needs
    `crm:read`, `inventory.stock.low` `inventory:read`, `invoice.*` `finance:read`).

    Args:
        type_ (PlatformEventType | Unset): A type of event the platform emits (clients publish
            their own under `custom.`).
        resource_id (str | Unset):
        occurred_after (datetime.datetime | Unset):
        occurred_before (datetime.datetime | Unset):
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
        EventList
    """

    return (
        await asyncio_detailed(
            client=client,
            type_=type_,
            resource_id=resource_id,
            occurred_after=occurred_after,
            occurred_before=occurred_before,
            sort=sort,
            page=page,
            per_page=per_page,
            after=after,
            before=before,
            x_service_tenant=x_service_tenant,
        )
    ).parsed
