from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.create_draft_from_extraction_input_kind import (
    CreateDraftFromExtractionInputKind,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateDraftFromExtractionInput")


@_attrs_define
class CreateDraftFromExtractionInput:
    """What to make of an extraction.

    Attributes:
        kind (CreateDraftFromExtractionInputKind): `purchase_order` (a draft CRM purchase order from the supplier) or
            `invoice` (a draft invoice).
        customer_id (None | str | Unset): The supplier or customer; default: the one customer named exactly like the
            document’s supplier.
        item_ids (list[str] | None | Unset): Per line, in order, the SKU to use (null: matched by the line’s item code,
            then its description). A purchase order needs one for every line.
    """

    kind: CreateDraftFromExtractionInputKind
    customer_id: None | str | Unset = UNSET
    item_ids: list[str] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        customer_id: None | str | Unset
        if isinstance(self.customer_id, Unset):
            customer_id = UNSET
        else:
            customer_id = self.customer_id

        item_ids: list[str] | None | Unset
        if isinstance(self.item_ids, Unset):
            item_ids = UNSET
        elif isinstance(self.item_ids, list):
            item_ids = self.item_ids

        else:
            item_ids = self.item_ids

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
            }
        )
        if customer_id is not UNSET:
            field_dict["customer_id"] = customer_id
        if item_ids is not UNSET:
            field_dict["item_ids"] = item_ids

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = CreateDraftFromExtractionInputKind(d.pop("kind"))

        def _parse_customer_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        customer_id = _parse_customer_id(d.pop("customer_id", UNSET))

        def _parse_item_ids(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                item_ids_type_0 = cast(list[str], data)

                return item_ids_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        item_ids = _parse_item_ids(d.pop("item_ids", UNSET))

        create_draft_from_extraction_input = cls(
            kind=kind,
            customer_id=customer_id,
            item_ids=item_ids,
        )

        return create_draft_from_extraction_input
