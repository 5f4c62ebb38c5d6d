from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.decide_workflow_approval_input import DecideWorkflowApprovalInput
from ...models.workflow_run import WorkflowRun
from ...types import UNSET, Response, Unset


def _get_kwargs(
    workflow_id: str,
    id: str,
    *,
    body: DecideWorkflowApprovalInput,
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
        "url": "/v1/workflows/{workflow_id}/runs/{id}/approval".format(
            workflow_id=quote(str(workflow_id), safe=""),
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

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
    body: DecideWorkflowApprovalInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[WorkflowRun]:
    """Approves or rejects what a waiting run asks (its approval step)

     Approves or rejects what a waiting run asks (its approval step). Approved: the run goes on.
    Rejected: the run fails with `approval_rejected`, unless the step says `on_reject: continue` (then
    later steps read `steps.<id>.decision`). A run not waiting for an approval: `invalid_state`.

    Args:
        workflow_id (str):
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (DecideWorkflowApprovalInput): The decision on the approval a run waits for.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[WorkflowRun]
    """

    kwargs = _get_kwargs(
        workflow_id=workflow_id,
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
    workflow_id: str,
    id: str,
    *,
    client: AuthenticatedClient,
    body: DecideWorkflowApprovalInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> WorkflowRun | None:
    """Approves or rejects what a waiting run asks (its approval step)

     Approves or rejects what a waiting run asks (its approval step). Approved: the run goes on.
    Rejected: the run fails with `approval_rejected`, unless the step says `on_reject: continue` (then
    later steps read `steps.<id>.decision`). A run not waiting for an approval: `invalid_state`.

    Args:
        workflow_id (str):
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (DecideWorkflowApprovalInput): The decision on the approval a run waits for.

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
        body=body,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
        if_match=if_match,
    ).parsed


async def asyncio_detailed(
    workflow_id: str,
    id: str,
    *,
    client: AuthenticatedClient,
    body: DecideWorkflowApprovalInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[WorkflowRun]:
    """Approves or rejects what a waiting run asks (its approval step)

     Approves or rejects what a waiting run asks (its approval step). Approved: the run goes on.
    Rejected: the run fails with `approval_rejected`, unless the step says `on_reject: continue` (then
    later steps read `steps.<id>.decision`). A run not waiting for an approval: `invalid_state`.

    Args:
        workflow_id (str):
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (DecideWorkflowApprovalInput): The decision on the approval a run waits for.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[WorkflowRun]
    """

    kwargs = _get_kwargs(
        workflow_id=workflow_id,
        id=id,
        body=body,
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
    body: DecideWorkflowApprovalInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> WorkflowRun | None:
    """Approves or rejects what a waiting run asks (its approval step)

     Approves or rejects what a waiting run asks (its approval step). Approved: the run goes on.
    Rejected: the run fails with `approval_rejected`, unless the step says `on_reject: continue` (then
    later steps read `steps.<id>.decision`). A run not waiting for an approval: `invalid_state`.

    Args:
        workflow_id (str):
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (DecideWorkflowApprovalInput): The decision on the approval a run waits for.

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
            body=body,
            x_service_tenant=x_service_tenant,
            idempotency_key=idempotency_key,
            if_match=if_match,
        )
    ).parsed
