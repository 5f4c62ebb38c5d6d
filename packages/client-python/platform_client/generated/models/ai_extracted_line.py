from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.ai_extracted_amount import AiExtractedAmount
    from ..models.ai_extracted_number import AiExtractedNumber
    from ..models.ai_extracted_text import AiExtractedText


T = TypeVar("T", bound="AiExtractedLine")


@_attrs_define
class AiExtractedLine:
    """A line of the document’s table.

    Attributes:
        amount (AiExtractedAmount): An amount of money read from the document, in minor units of the document’s
            currency.
        description (AiExtractedText): A text value read from the document.
        quantity (AiExtractedNumber): A number read from the document: a quantity, or a tax rate in basis points (2000 =
            20 %).
        sku (AiExtractedText): A text value read from the document.
        tax_rate (AiExtractedNumber): A number read from the document: a quantity, or a tax rate in basis points (2000 =
            20 %).
        unit_price (AiExtractedAmount): An amount of money read from the document, in minor units of the document’s
            currency.
    """

    amount: AiExtractedAmount
    description: AiExtractedText
    quantity: AiExtractedNumber
    sku: AiExtractedText
    tax_rate: AiExtractedNumber
    unit_price: AiExtractedAmount
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount.to_dict()

        description = self.description.to_dict()

        quantity = self.quantity.to_dict()

        sku = self.sku.to_dict()

        tax_rate = self.tax_rate.to_dict()

        unit_price = self.unit_price.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amount": amount,
                "description": description,
                "quantity": quantity,
                "sku": sku,
                "tax_rate": tax_rate,
                "unit_price": unit_price,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ai_extracted_amount import AiExtractedAmount
        from ..models.ai_extracted_number import AiExtractedNumber
        from ..models.ai_extracted_text import AiExtractedText

        d = dict(src_dict)
        amount = AiExtractedAmount.from_dict(d.pop("amount"))

        description = AiExtractedText.from_dict(d.pop("description"))

        quantity = AiExtractedNumber.from_dict(d.pop("quantity"))

        sku = AiExtractedText.from_dict(d.pop("sku"))

        tax_rate = AiExtractedNumber.from_dict(d.pop("tax_rate"))

        unit_price = AiExtractedAmount.from_dict(d.pop("unit_price"))

        ai_extracted_line = cls(
            amount=amount,
            description=description,
            quantity=quantity,
            sku=sku,
            tax_rate=tax_rate,
            unit_price=unit_price,
        )

        ai_extracted_line.additional_properties = d
        return ai_extracted_line

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
