from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_workflow_input import CreateWorkflowInput
from ...models.workflow_with_secret import WorkflowWithSecret
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateWorkflowInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/workflows",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> WorkflowWithSecret | None:
    if response.status_code == 201:
        response_201 = WorkflowWithSecret.from_dict(response.json())

        return response_201

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[WorkflowWithSecret]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateWorkflowInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[WorkflowWithSecret]:
    """Creates a workflow (definition version 1)

     Creates a workflow (definition version 1). Its definition is checked as a whole: unknown step kinds,
    expressions that do not parse, GraphQL operations the schema does not have or that need scopes it is
    not granted, URLs the outbound policy refuses: a 422 `rule_violation` naming each step and field
    (all of them at once). Granting a scope your credential lacks is a 422 too (`scopes`). Its signing
    secret is in this answer only. A tenant holds at most 50 workflows by default (`quota_exceeded`).

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateWorkflowInput): A new workflow.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[WorkflowWithSecret]
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
    body: CreateWorkflowInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> WorkflowWithSecret | None:
    """Creates a workflow (definition version 1)

     Creates a workflow (definition version 1). Its definition is checked as a whole: unknown step kinds,
    expressions that do not parse, GraphQL operations the schema does not have or that need scopes it is
    not granted, URLs the outbound policy refuses: a 422 `rule_violation` naming each step and field
    (all of them at once). Granting a scope your credential lacks is a 422 too (`scopes`). Its signing
    secret is in this answer only. A tenant holds at most 50 workflows by default (`quota_exceeded`).

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateWorkflowInput): A new workflow.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        WorkflowWithSecret
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
    body: CreateWorkflowInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[WorkflowWithSecret]:
    """Creates a workflow (definition version 1)

     Creates a workflow (definition version 1). Its definition is checked as a whole: unknown step kinds,
    expressions that do not parse, GraphQL operations the schema does not have or that need scopes it is
    not granted, URLs the outbound policy refuses: a 422 `rule_violation` naming each step and field
    (all of them at once). Granting a scope your credential lacks is a 422 too (`scopes`). Its signing
    secret is in this answer only. A tenant holds at most 50 workflows by default (`quota_exceeded`).

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateWorkflowInput): A new workflow.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[WorkflowWithSecret]
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
    body: CreateWorkflowInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> WorkflowWithSecret | None:
    """Creates a workflow (definition version 1)

     Creates a workflow (definition version 1). Its definition is checked as a whole: unknown step kinds,
    expressions that do not parse, GraphQL operations the schema does not have or that need scopes it is
    not granted, URLs the outbound policy refuses: a 422 `rule_violation` naming each step and field
    (all of them at once). Granting a scope your credential lacks is a 422 too (`scopes`). Its signing
    secret is in this answer only. A tenant holds at most 50 workflows by default (`quota_exceeded`).

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateWorkflowInput): A new workflow.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        WorkflowWithSecret
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_service_tenant=x_service_tenant,
            idempotency_key=idempotency_key,
        )
    ).parsed
