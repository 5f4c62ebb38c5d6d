from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.address_kind import AddressKind

T = TypeVar("T", bound="CustomerAddress")


@_attrs_define
class CustomerAddress:
    """A postal address of a customer.

    Attributes:
        city (str): City or town, 1 to 100 characters.
        country (str): ISO 3166-1 alpha-2 country code, upper-case (`DE`, `US`).
        id (str): Address identifier (`cad_…`), assigned by the platform. Replacing the address list assigns new ids.
        kind (AddressKind): What an address is used for.
        line1 (str): First address line (street and number), 1 to 200 characters.
        line2 (None | str): Second address line (building, floor), up to 200 characters.
        postal_code (None | str): Postal or ZIP code, up to 20 characters.
        region (None | str): State, province or county, up to 100 characters.
    """

    city: str
    country: str
    id: str
    kind: AddressKind
    line1: str
    line2: None | str
    postal_code: None | str
    region: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        city = self.city

        country = self.country

        id = self.id

        kind = self.kind.value

        line1 = self.line1

        line2: None | str
        line2 = self.line2

        postal_code: None | str
        postal_code = self.postal_code

        region: None | str
        region = self.region

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "city": city,
                "country": country,
                "id": id,
                "kind": kind,
                "line1": line1,
                "line2": line2,
                "postal_code": postal_code,
                "region": region,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        city = d.pop("city")

        country = d.pop("country")

        id = d.pop("id")

        kind = AddressKind(d.pop("kind"))

        line1 = d.pop("line1")

        def _parse_line2(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        line2 = _parse_line2(d.pop("line2"))

        def _parse_postal_code(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        postal_code = _parse_postal_code(d.pop("postal_code"))

        def _parse_region(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        region = _parse_region(d.pop("region"))

        customer_address = cls(
            city=city,
            country=country,
            id=id,
            kind=kind,
            line1=line1,
            line2=line2,
            postal_code=postal_code,
            region=region,
        )

        customer_address.additional_properties = d
        return customer_address

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
