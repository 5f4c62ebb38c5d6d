from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.install_workflow_template_input import InstallWorkflowTemplateInput
from ...models.workflow_with_secret import WorkflowWithSecret
from ...types import UNSET, Response, Unset


def _get_kwargs(
    key: str,
    *,
    body: InstallWorkflowTemplateInput | Unset = UNSET,
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
        "url": "/v1/workflows/templates/{key}/install".format(
            key=quote(str(key), safe=""),
        ),
    }

    if not isinstance(body, Unset):
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
    key: str,
    *,
    client: AuthenticatedClient,
    body: InstallWorkflowTemplateInput | Unset = UNSET,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[WorkflowWithSecret]:
    """Installs a template as a new workflow (its definition built from the parameters, then saved and
    checked as any other), granted the template’s scopes

     Installs a template as a new workflow (its definition built from the parameters, then saved and
    checked as any other), granted the template’s scopes. Its signing secret is in this answer only.

    Args:
        key (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (InstallWorkflowTemplateInput | Unset): The parameters of a template to install.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[WorkflowWithSecret]
    """

    kwargs = _get_kwargs(
        key=key,
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
    key: str,
    *,
    client: AuthenticatedClient,
    body: InstallWorkflowTemplateInput | Unset = UNSET,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> WorkflowWithSecret | None:
    """Installs a template as a new workflow (its definition built from the parameters, then saved and
    checked as any other), granted the template’s scopes

     Installs a template as a new workflow (its definition built from the parameters, then saved and
    checked as any other), granted the template’s scopes. Its signing secret is in this answer only.

    Args:
        key (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (InstallWorkflowTemplateInput | Unset): The parameters of a template to install.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        WorkflowWithSecret
    """

    return sync_detailed(
        key=key,
        client=client,
        body=body,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
        if_match=if_match,
    ).parsed


async def asyncio_detailed(
    key: str,
    *,
    client: AuthenticatedClient,
    body: InstallWorkflowTemplateInput | Unset = UNSET,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[WorkflowWithSecret]:
    """Installs a template as a new workflow (its definition built from the parameters, then saved and
    checked as any other), granted the template’s scopes

     Installs a template as a new workflow (its definition built from the parameters, then saved and
    checked as any other), granted the template’s scopes. Its signing secret is in this answer only.

    Args:
        key (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (InstallWorkflowTemplateInput | Unset): The parameters of a template to install.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[WorkflowWithSecret]
    """

    kwargs = _get_kwargs(
        key=key,
        body=body,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
        if_match=if_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    key: str,
    *,
    client: AuthenticatedClient,
    body: InstallWorkflowTemplateInput | Unset = UNSET,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> WorkflowWithSecret | None:
    """Installs a template as a new workflow (its definition built from the parameters, then saved and
    checked as any other), granted the template’s scopes

     Installs a template as a new workflow (its definition built from the parameters, then saved and
    checked as any other), granted the template’s scopes. Its signing secret is in this answer only.

    Args:
        key (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (InstallWorkflowTemplateInput | Unset): The parameters of a template to install.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        WorkflowWithSecret
    """

    return (
        await asyncio_detailed(
            key=key,
            client=client,
            body=body,
            x_service_tenant=x_service_tenant,
            idempotency_key=idempotency_key,
            if_match=if_match,
        )
    ).parsed
