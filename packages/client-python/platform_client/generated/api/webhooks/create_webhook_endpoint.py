from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_webhook_endpoint_input import CreateWebhookEndpointInput
from ...models.webhook_endpoint_with_secret import WebhookEndpointWithSecret
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateWebhookEndpointInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/events/webhook-endpoints",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> WebhookEndpointWithSecret | None:
    if response.status_code == 201:
        response_201 = WebhookEndpointWithSecret.from_dict(response.json())

        return response_201

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[WebhookEndpointWithSecret]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateWebhookEndpointInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[WebhookEndpointWithSecret]:
    """Registers a webhook endpoint for some event types, with a new signing secret (whsec_…) shown in this
    answer only

     Registers a webhook endpoint for some event types, with a new signing secret (`whsec_…`) shown in
    this answer only. Every later event of those types is delivered to it. A tenant holds at most 20
    endpoints by default, enabled or disabled: one more is refused with `quota_exceeded` (`limit:
    webhook_endpoints`, `maximum`).

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateWebhookEndpointInput): A new webhook endpoint; it starts `enabled` with a new
            signing secret.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[WebhookEndpointWithSecret]
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
    body: CreateWebhookEndpointInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> WebhookEndpointWithSecret | None:
    """Registers a webhook endpoint for some event types, with a new signing secret (whsec_…) shown in this
    answer only

     Registers a webhook endpoint for some event types, with a new signing secret (`whsec_…`) shown in
    this answer only. Every later event of those types is delivered to it. A tenant holds at most 20
    endpoints by default, enabled or disabled: one more is refused with `quota_exceeded` (`limit:
    webhook_endpoints`, `maximum`).

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateWebhookEndpointInput): A new webhook endpoint; it starts `enabled` with a new
            signing secret.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        WebhookEndpointWithSecret
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
    body: CreateWebhookEndpointInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[WebhookEndpointWithSecret]:
    """Registers a webhook endpoint for some event types, with a new signing secret (whsec_…) shown in this
    answer only

     Registers a webhook endpoint for some event types, with a new signing secret (`whsec_…`) shown in
    this answer only. Every later event of those types is delivered to it. A tenant holds at most 20
    endpoints by default, enabled or disabled: one more is refused with `quota_exceeded` (`limit:
    webhook_endpoints`, `maximum`).

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateWebhookEndpointInput): A new webhook endpoint; it starts `enabled` with a new
            signing secret.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[WebhookEndpointWithSecret]
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
    body: CreateWebhookEndpointInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> WebhookEndpointWithSecret | None:
    """Registers a webhook endpoint for some event types, with a new signing secret (whsec_…) shown in this
    answer only

     Registers a webhook endpoint for some event types, with a new signing secret (`whsec_…`) shown in
    this answer only. Every later event of those types is delivered to it. A tenant holds at most 20
    endpoints by default, enabled or disabled: one more is refused with `quota_exceeded` (`limit:
    webhook_endpoints`, `maximum`).

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateWebhookEndpointInput): A new webhook endpoint; it starts `enabled` with a new
            signing secret.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        WebhookEndpointWithSecret
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_service_tenant=x_service_tenant,
            idempotency_key=idempotency_key,
        )
    ).parsed
