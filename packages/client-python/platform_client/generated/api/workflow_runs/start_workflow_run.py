from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.start_workflow_run_input import StartWorkflowRunInput
from ...models.workflow_run import WorkflowRun
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    body: StartWorkflowRunInput | Unset = UNSET,
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
        "url": "/v1/workflows/{id}/runs".format(
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
) -> WorkflowRun | None:
    if response.status_code == 201:
        response_201 = WorkflowRun.from_dict(response.json())

        return response_201

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
    id: str,
    *,
    client: AuthenticatedClient,
    body: StartWorkflowRunInput | Unset = UNSET,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[WorkflowRun]:
    """Starts a run of an enabled workflow with its current definition version and this input (checked
    against the trigger’s input_schema; an event workflow may be run with a sample event as input)

     Starts a run of an enabled workflow with its current definition version and this input (checked
    against the trigger’s `input_schema`; an event workflow may be run with a sample event as input).
    Send `Idempotency-Key`: a retry returns the first run instead of starting another. Started by a
    workflow’s own step, the run is one deeper in its chain (refused past the limit).

    Args:
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (StartWorkflowRunInput | Unset): A run’s input.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[WorkflowRun]
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
    body: StartWorkflowRunInput | Unset = UNSET,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> WorkflowRun | None:
    """Starts a run of an enabled workflow with its current definition version and this input (checked
    against the trigger’s input_schema; an event workflow may be run with a sample event as input)

     Starts a run of an enabled workflow with its current definition version and this input (checked
    against the trigger’s `input_schema`; an event workflow may be run with a sample event as input).
    Send `Idempotency-Key`: a retry returns the first run instead of starting another. Started by a
    workflow’s own step, the run is one deeper in its chain (refused past the limit).

    Args:
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (StartWorkflowRunInput | Unset): A run’s input.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        WorkflowRun
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
    body: StartWorkflowRunInput | Unset = UNSET,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[WorkflowRun]:
    """Starts a run of an enabled workflow with its current definition version and this input (checked
    against the trigger’s input_schema; an event workflow may be run with a sample event as input)

     Starts a run of an enabled workflow with its current definition version and this input (checked
    against the trigger’s `input_schema`; an event workflow may be run with a sample event as input).
    Send `Idempotency-Key`: a retry returns the first run instead of starting another. Started by a
    workflow’s own step, the run is one deeper in its chain (refused past the limit).

    Args:
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (StartWorkflowRunInput | Unset): A run’s input.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[WorkflowRun]
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
    body: StartWorkflowRunInput | Unset = UNSET,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> WorkflowRun | None:
    """Starts a run of an enabled workflow with its current definition version and this input (checked
    against the trigger’s input_schema; an event workflow may be run with a sample event as input)

     Starts a run of an enabled workflow with its current definition version and this input (checked
    against the trigger’s `input_schema`; an event workflow may be run with a sample event as input).
    Send `Idempotency-Key`: a retry returns the first run instead of starting another. Started by a
    workflow’s own step, the run is one deeper in its chain (refused past the limit).

    Args:
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (StartWorkflowRunInput | Unset): A run’s input.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        WorkflowRun
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
