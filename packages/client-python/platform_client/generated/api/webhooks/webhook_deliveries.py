from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.webhook_delivery_list import WebhookDeliveryList
from ...models.webhook_delivery_status import WebhookDeliveryStatus
from ...types import UNSET, Response, Unset


def _get_kwargs(
    endpoint_id: str,
    *,
    status: WebhookDeliveryStatus | Unset = UNSET,
    event_id: str | Unset = UNSET,
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

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params["event_id"] = event_id

    params["sort"] = sort

    params["page"] = page

    params["per_page"] = per_page

    params["after"] = after

    params["before"] = before

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/events/webhook-endpoints/{endpoint_id}/deliveries".format(
            endpoint_id=quote(str(endpoint_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> WebhookDeliveryList | None:
    if response.status_code == 200:
        response_200 = WebhookDeliveryList.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[WebhookDeliveryList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    endpoint_id: str,
    *,
    client: AuthenticatedClient,
    status: WebhookDeliveryStatus | Unset = UNSET,
    event_id: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> Response[WebhookDeliveryList]:
    """The delivery log of an endpoint, newest first by default

     The delivery log of an endpoint, newest first by default: each delivery with its attempts.

    Args:
        endpoint_id (str):
        status (WebhookDeliveryStatus | Unset): Where a delivery is.
        event_id (str | Unset):
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
        Response[WebhookDeliveryList]
    """

    kwargs = _get_kwargs(
        endpoint_id=endpoint_id,
        status=status,
        event_id=event_id,
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
    endpoint_id: str,
    *,
    client: AuthenticatedClient,
    status: WebhookDeliveryStatus | Unset = UNSET,
    event_id: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> WebhookDeliveryList | None:
    """The delivery log of an endpoint, newest first by default

     The delivery log of an endpoint, newest first by default: each delivery with its attempts.

    Args:
        endpoint_id (str):
        status (WebhookDeliveryStatus | Unset): Where a delivery is.
        event_id (str | Unset):
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
        WebhookDeliveryList
    """

    return sync_detailed(
        endpoint_id=endpoint_id,
        client=client,
        status=status,
        event_id=event_id,
        sort=sort,
        page=page,
        per_page=per_page,
        after=after,
        before=before,
        x_service_tenant=x_service_tenant,
    ).parsed


async def asyncio_detailed(
    endpoint_id: str,
    *,
    client: AuthenticatedClient,
    status: WebhookDeliveryStatus | Unset = UNSET,
    event_id: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> Response[WebhookDeliveryList]:
    """The delivery log of an endpoint, newest first by default

     The delivery log of an endpoint, newest first by default: each delivery with its attempts.

    Args:
        endpoint_id (str):
        status (WebhookDeliveryStatus | Unset): Where a delivery is.
        event_id (str | Unset):
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
        Response[WebhookDeliveryList]
    """

    kwargs = _get_kwargs(
        endpoint_id=endpoint_id,
        status=status,
        event_id=event_id,
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
    endpoint_id: str,
    *,
    client: AuthenticatedClient,
    status: WebhookDeliveryStatus | Unset = UNSET,
    event_id: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> WebhookDeliveryList | None:
    """The delivery log of an endpoint, newest first by default

     The delivery log of an endpoint, newest first by default: each delivery with its attempts.

    Args:
        endpoint_id (str):
        status (WebhookDeliveryStatus | Unset): Where a delivery is.
        event_id (str | Unset):
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
        WebhookDeliveryList
    """

    return (
        await asyncio_detailed(
            endpoint_id=endpoint_id,
            client=client,
            status=status,
            event_id=event_id,
            sort=sort,
            page=page,
            per_page=per_page,
            after=after,
            before=before,
            x_service_tenant=x_service_tenant,
        )
    ).parsed
