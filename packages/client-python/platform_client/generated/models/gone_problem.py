from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.gone_problem_code import GoneProblemCode
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.problem_errors_item import ProblemErrorsItem


T = TypeVar("T", bound="GoneProblem")


@_attrs_define
class GoneProblem:
    """A problem answered with status 410.

    Attributes:
        code (GoneProblemCode): Stable machine-readable error code (see `/docs/errors`).
        detail (str): What went wrong, for a person.
        instance (str): The request path.
        request_id (str): Also in the `X-Request-Id` header; quote it to support.
        status (int): The HTTP status, repeated.
        title (str): Short summary of the error code.
        type_ (str): URI reference to the documentation of the error code (`/docs/errors#<code>`).
        allowed_actions (list[str] | Unset): With `invalid_transition`: the actions the current status allows.
        allowed_methods (list[str] | Unset): With `method_not_allowed`: the methods the path accepts (also in `Allow`).
        current_status (str | Unset): With `invalid_transition`: the record's status.
        current_version (int | Unset): With `version_conflict` and `precondition_failed`: the record's current version.
        errors (list[ProblemErrorsItem] | Unset): Each parameter or body field at fault (`invalid_parameter`,
            `validation_failed`, `rule_violation`, …).
        limit (str | Unset): With `query_too_complex`, `input_too_large`, `quota_exceeded`, `too_many_subscriptions`:
            which limit.
        limit_bytes (int | Unset): With `payload_too_large`: the largest body accepted.
        maximum (int | Unset): The value of that limit.
        required_scope (str | Unset): With `insufficient_scope`: the scope the operation needs.
    """

    code: GoneProblemCode
    detail: str
    instance: str
    request_id: str
    status: int
    title: str
    type_: str
    allowed_actions: list[str] | Unset = UNSET
    allowed_methods: list[str] | Unset = UNSET
    current_status: str | Unset = UNSET
    current_version: int | Unset = UNSET
    errors: list[ProblemErrorsItem] | Unset = UNSET
    limit: str | Unset = UNSET
    limit_bytes: int | Unset = UNSET
    maximum: int | Unset = UNSET
    required_scope: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code.value

        detail = self.detail

        instance = self.instance

        request_id = self.request_id

        status = self.status

        title = self.title

        type_ = self.type_

        allowed_actions: list[str] | Unset = UNSET
        if not isinstance(self.allowed_actions, Unset):
            allowed_actions = self.allowed_actions

        allowed_methods: list[str] | Unset = UNSET
        if not isinstance(self.allowed_methods, Unset):
            allowed_methods = self.allowed_methods

        current_status = self.current_status

        current_version = self.current_version

        errors: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = []
            for errors_item_data in self.errors:
                errors_item = errors_item_data.to_dict()
                errors.append(errors_item)

        limit = self.limit

        limit_bytes = self.limit_bytes

        maximum = self.maximum

        required_scope = self.required_scope

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "detail": detail,
                "instance": instance,
                "request_id": request_id,
                "status": status,
                "title": title,
                "type": type_,
            }
        )
        if allowed_actions is not UNSET:
            field_dict["allowed_actions"] = allowed_actions
        if allowed_methods is not UNSET:
            field_dict["allowed_methods"] = allowed_methods
        if current_status is not UNSET:
            field_dict["current_status"] = current_status
        if current_version is not UNSET:
            field_dict["current_version"] = current_version
        if errors is not UNSET:
            field_dict["errors"] = errors
        if limit is not UNSET:
            field_dict["limit"] = limit
        if limit_bytes is not UNSET:
            field_dict["limit_bytes"] = limit_bytes
        if maximum is not UNSET:
            field_dict["maximum"] = maximum
        if required_scope is not UNSET:
            field_dict["required_scope"] = required_scope

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.problem_errors_item import ProblemErrorsItem

        d = dict(src_dict)
        code = GoneProblemCode(d.pop("code"))

        detail = d.pop("detail")

        instance = d.pop("instance")

        request_id = d.pop("request_id")

        status = d.pop("status")

        title = d.pop("title")

        type_ = d.pop("type")

        allowed_actions = cast(list[str], d.pop("allowed_actions", UNSET))

        allowed_methods = cast(list[str], d.pop("allowed_methods", UNSET))

        current_status = d.pop("current_status", UNSET)

        current_version = d.pop("current_version", UNSET)

        _errors = d.pop("errors", UNSET)
        errors: list[ProblemErrorsItem] | Unset = UNSET
        if _errors is not UNSET:
            errors = []
            for errors_item_data in _errors:
                errors_item = ProblemErrorsItem.from_dict(errors_item_data)

                errors.append(errors_item)

        limit = d.pop("limit", UNSET)

        limit_bytes = d.pop("limit_bytes", UNSET)

        maximum = d.pop("maximum", UNSET)

        required_scope = d.pop("required_scope", UNSET)

        gone_problem = cls(
            code=code,
            detail=detail,
            instance=instance,
            request_id=request_id,
            status=status,
            title=title,
            type_=type_,
            allowed_actions=allowed_actions,
            allowed_methods=allowed_methods,
            current_status=current_status,
            current_version=current_version,
            errors=errors,
            limit=limit,
            limit_bytes=limit_bytes,
            maximum=maximum,
            required_scope=required_scope,
        )

        gone_problem.additional_properties = d
        return gone_problem

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
