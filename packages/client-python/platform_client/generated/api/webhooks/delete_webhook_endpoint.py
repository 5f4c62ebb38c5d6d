from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.delete_webhook_endpoint_body import DeleteWebhookEndpointBody
from ...models.webhook_endpoint import WebhookEndpoint
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    body: DeleteWebhookEndpointBody | Unset = UNSET,
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
        "method": "delete",
        "url": "/v1/events/webhook-endpoints/{id}".format(
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
) -> WebhookEndpoint | None:
    if response.status_code == 200:
        response_200 = WebhookEndpoint.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[WebhookEndpoint]:
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
    body: DeleteWebhookEndpointBody | Unset = UNSET,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[WebhookEndpoint]:
    """Deletes an endpoint with its delivery log and returns it as it was

     Deletes an endpoint with its delivery log and returns it as it was. Deliveries still pending are
    dropped.

    Args:
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (DeleteWebhookEndpointBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[WebhookEndpoint]
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
    body: DeleteWebhookEndpointBody | Unset = UNSET,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> WebhookEndpoint | None:
    """Deletes an endpoint with its delivery log and returns it as it was

     Deletes an endpoint with its delivery log and returns it as it was. Deliveries still pending are
    dropped.

    Args:
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (DeleteWebhookEndpointBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        WebhookEndpoint
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
    body: DeleteWebhookEndpointBody | Unset = UNSET,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[WebhookEndpoint]:
    """Deletes an endpoint with its delivery log and returns it as it was

     Deletes an endpoint with its delivery log and returns it as it was. Deliveries still pending are
    dropped.

    Args:
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (DeleteWebhookEndpointBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[WebhookEndpoint]
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
    body: DeleteWebhookEndpointBody | Unset = UNSET,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> WebhookEndpoint | None:
    """Deletes an endpoint with its delivery log and returns it as it was

     Deletes an endpoint with its delivery log and returns it as it was. Deliveries still pending are
    dropped.

    Args:
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (DeleteWebhookEndpointBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        WebhookEndpoint
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
