from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.environment import Environment
from ..models.plan import Plan

if TYPE_CHECKING:
    from ..models.rate_limits import RateLimits


T = TypeVar("T", bound="Tenant")


@_attrs_define
class Tenant:
    """One isolated environment of a customer account.

    Attributes:
        created_at (datetime.datetime): When the tenant was created.
        environment (Environment): Sandbox and production are separate tenants with identical APIs and separate data and
            credentials.
        id (str): Tenant identifier, sent in the `X-Service-Tenant` header.
        name (str): The account name, the same for both environments.
        paired_tenant_id (str): The other environment of the same account.
        plan (Plan): Commercial plan; it sets the rate limits.
        rate_limits (RateLimits): Requests a tenant may make; both windows apply at once. Over either: 429
            `rate_limited`.
    """

    created_at: datetime.datetime
    environment: Environment
    id: str
    name: str
    paired_tenant_id: str
    plan: Plan
    rate_limits: RateLimits
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        environment = self.environment.value

        id = self.id

        name = self.name

        paired_tenant_id = self.paired_tenant_id

        plan = self.plan.value

        rate_limits = self.rate_limits.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "environment": environment,
                "id": id,
                "name": name,
                "paired_tenant_id": paired_tenant_id,
                "plan": plan,
                "rate_limits": rate_limits,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.rate_limits import RateLimits

        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        environment = Environment(d.pop("environment"))

        id = d.pop("id")

        name = d.pop("name")

        paired_tenant_id = d.pop("paired_tenant_id")

        plan = Plan(d.pop("plan"))

        rate_limits = RateLimits.from_dict(d.pop("rate_limits"))

        tenant = cls(
            created_at=created_at,
            environment=environment,
            id=id,
            name=name,
            paired_tenant_id=paired_tenant_id,
            plan=plan,
            rate_limits=rate_limits,
        )

        tenant.additional_properties = d
        return tenant

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
