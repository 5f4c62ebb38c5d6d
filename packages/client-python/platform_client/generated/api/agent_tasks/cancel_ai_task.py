from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.ai_task import AiTask
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
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
        "url": "/v1/ai/tasks/{id}/cancel".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AiTask | None:
    if response.status_code == 200:
        response_200 = AiTask.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[AiTask]:
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
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[AiTask]:
    """Cancels a task awaiting approval, queued or running (any other status: invalid_state)

     Cancels a task awaiting approval, queued or running (any other status: `invalid_state`). A running
    task stops before its next step; what its steps did stays.

    Args:
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AiTask]
    """

    kwargs = _get_kwargs(
        id=id,
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
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> AiTask | None:
    """Cancels a task awaiting approval, queued or running (any other status: invalid_state)

     Cancels a task awaiting approval, queued or running (any other status: `invalid_state`). A running
    task stops before its next step; what its steps did stays.

    Args:
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AiTask
    """

    return sync_detailed(
        id=id,
        client=client,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
        if_match=if_match,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[AiTask]:
    """Cancels a task awaiting approval, queued or running (any other status: invalid_state)

     Cancels a task awaiting approval, queued or running (any other status: `invalid_state`). A running
    task stops before its next step; what its steps did stays.

    Args:
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AiTask]
    """

    kwargs = _get_kwargs(
        id=id,
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
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> AiTask | None:
    """Cancels a task awaiting approval, queued or running (any other status: invalid_state)

     Cancels a task awaiting approval, queued or running (any other status: `invalid_state`). A running
    task stops before its next step; what its steps did stays.

    Args:
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AiTask
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            x_service_tenant=x_service_tenant,
            idempotency_key=idempotency_key,
            if_match=if_match,
        )
    ).parsed
