from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateSavedOperationInput")


@_attrs_define
class CreateSavedOperationInput:
    """An operation to save.

    Attributes:
        document (str): The GraphQL document: exactly one query or mutation (no subscription) that validates against the
            API schema, at most 65,536 characters.
        name (str): Its name: a lower-case slug (a letter, then letters, digits or underscores; at most 100), unique in
            the tenant.
        description (None | str | Unset): What it answers, up to 2000 characters.
    """

    document: str
    name: str
    description: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        document = self.document

        name = self.name

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "document": document,
                "name": name,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        document = d.pop("document")

        name = d.pop("name")

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        create_saved_operation_input = cls(
            document=document,
            name=name,
            description=description,
        )

        return create_saved_operation_input
