from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.replay_webhook_events_input import ReplayWebhookEventsInput
from ...models.webhook_redelivery_result import WebhookRedeliveryResult
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    body: ReplayWebhookEventsInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/events/webhook-endpoints/{id}/replay".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> WebhookRedeliveryResult | None:
    if response.status_code == 200:
        response_200 = WebhookRedeliveryResult.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[WebhookRedeliveryResult]:
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
    body: ReplayWebhookEventsInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[WebhookRedeliveryResult]:
    """Sends every event of the endpoint’s types that occurred in a time range to it again, oldest first,
    as new deliveries (trigger replay, webhook-id the event id)

     Sends every event of the endpoint’s types that occurred in a time range to it again, oldest first,
    as new deliveries (trigger `replay`, `webhook-id` the event id). At most 10,000 events (more:
    `validation_failed`; split the range). The endpoint must be enabled.

    Args:
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (ReplayWebhookEventsInput): A time range of events to send again.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[WebhookRedeliveryResult]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
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
    body: ReplayWebhookEventsInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> WebhookRedeliveryResult | None:
    """Sends every event of the endpoint’s types that occurred in a time range to it again, oldest first,
    as new deliveries (trigger replay, webhook-id the event id)

     Sends every event of the endpoint’s types that occurred in a time range to it again, oldest first,
    as new deliveries (trigger `replay`, `webhook-id` the event id). At most 10,000 events (more:
    `validation_failed`; split the range). The endpoint must be enabled.

    Args:
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (ReplayWebhookEventsInput): A time range of events to send again.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        WebhookRedeliveryResult
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: ReplayWebhookEventsInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[WebhookRedeliveryResult]:
    """Sends every event of the endpoint’s types that occurred in a time range to it again, oldest first,
    as new deliveries (trigger replay, webhook-id the event id)

     Sends every event of the endpoint’s types that occurred in a time range to it again, oldest first,
    as new deliveries (trigger `replay`, `webhook-id` the event id). At most 10,000 events (more:
    `validation_failed`; split the range). The endpoint must be enabled.

    Args:
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (ReplayWebhookEventsInput): A time range of events to send again.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[WebhookRedeliveryResult]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: ReplayWebhookEventsInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> WebhookRedeliveryResult | None:
    """Sends every event of the endpoint’s types that occurred in a time range to it again, oldest first,
    as new deliveries (trigger replay, webhook-id the event id)

     Sends every event of the endpoint’s types that occurred in a time range to it again, oldest first,
    as new deliveries (trigger `replay`, `webhook-id` the event id). At most 10,000 events (more:
    `validation_failed`; split the range). The endpoint must be enabled.

    Args:
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (ReplayWebhookEventsInput): A time range of events to send again.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        WebhookRedeliveryResult
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            x_service_tenant=x_service_tenant,
            idempotency_key=idempotency_key,
        )
    ).parsed
