from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.workflow_run import WorkflowRun
from ...types import Response


def _get_kwargs(
    workflow_id: str,
    id: str,
    *,
    x_service_tenant: str,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/workflows/{workflow_id}/runs/{id}".format(
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
) -> Response[WorkflowRun]:
    """One run of a workflow by id, as it is now

     One run of a workflow by id, as it is now.

    Args:
        workflow_id (str):
        id (str):
        x_service_tenant (str):

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
) -> WorkflowRun | None:
    """One run of a workflow by id, as it is now

     One run of a workflow by id, as it is now.

    Args:
        workflow_id (str):
        id (str):
        x_service_tenant (str):

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
    ).parsed


async def asyncio_detailed(
    workflow_id: str,
    id: str,
    *,
    client: AuthenticatedClient,
    x_service_tenant: str,
) -> Response[WorkflowRun]:
    """One run of a workflow by id, as it is now

     One run of a workflow by id, as it is now.

    Args:
        workflow_id (str):
        id (str):
        x_service_tenant (str):

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
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    workflow_id: str,
    id: str,
    *,
    client: AuthenticatedClient,
    x_service_tenant: str,
) -> WorkflowRun | None:
    """One run of a workflow by id, as it is now

     One run of a workflow by id, as it is now.

    Args:
        workflow_id (str):
        id (str):
        x_service_tenant (str):

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
        )
    ).parsed
