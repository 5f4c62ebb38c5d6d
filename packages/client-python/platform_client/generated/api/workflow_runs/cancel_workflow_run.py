from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.workflow_run import WorkflowRun
from ...types import UNSET, Response, Unset


def _get_kwargs(
    workflow_id: str,
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
        "url": "/v1/workflows/{workflow_id}/runs/{id}/cancel".format(
            workflow_id=quote(str(workflow_id), safe=""),
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> WorkflowRun | None:
    if response.status_code == 200:
        response_200 = WorkflowRun.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[WorkflowRun]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    workflow_id: str,
    id: str,
    *,
    client: AuthenticatedClient,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[WorkflowRun]:
    """Cancels a queued, running or waiting run (any other status: invalid_state)

     Cancels a queued, running or waiting run (any other status: `invalid_state`). A run between two
    steps is cancelled at once; one performing a step stops when that step ends, keeping what it did.
    `workflow.completed` fires with `cancelled`.

    Args:
        workflow_id (str):
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[WorkflowRun]
    """

    kwargs = _get_kwargs(
        workflow_id=workflow_id,
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
    workflow_id: str,
    id: str,
    *,
    client: AuthenticatedClient,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> WorkflowRun | None:
    """Cancels a queued, running or waiting run (any other status: invalid_state)

     Cancels a queued, running or waiting run (any other status: `invalid_state`). A run between two
    steps is cancelled at once; one performing a step stops when that step ends, keeping what it did.
    `workflow.completed` fires with `cancelled`.

    Args:
        workflow_id (str):
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        WorkflowRun
    """

    return sync_detailed(
        workflow_id=workflow_id,
        id=id,
        client=client,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
        if_match=if_match,
    ).parsed


async def asyncio_detailed(
    workflow_id: str,
    id: str,
    *,
    client: AuthenticatedClient,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[WorkflowRun]:
    """Cancels a queued, running or waiting run (any other status: invalid_state)

     Cancels a queued, running or waiting run (any other status: `invalid_state`). A run between two
    steps is cancelled at once; one performing a step stops when that step ends, keeping what it did.
    `workflow.completed` fires with `cancelled`.

    Args:
        workflow_id (str):
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[WorkflowRun]
    """

    kwargs = _get_kwargs(
        workflow_id=workflow_id,
        id=id,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
        if_match=if_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    workflow_id: str,
    id: str,
    *,
    client: AuthenticatedClient,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> WorkflowRun | None:
    """Cancels a queued, running or waiting run (any other status: invalid_state)

     Cancels a queued, running or waiting run (any other status: `invalid_state`). A run between two
    steps is cancelled at once; one performing a step stops when that step ends, keeping what it did.
    `workflow.completed` fires with `cancelled`.

    Args:
        workflow_id (str):
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        WorkflowRun
    """

    return (
        await asyncio_detailed(
            workflow_id=workflow_id,
            id=id,
            client=client,
            x_service_tenant=x_service_tenant,
            idempotency_key=idempotency_key,
            if_match=if_match,
        )
    ).parsed
