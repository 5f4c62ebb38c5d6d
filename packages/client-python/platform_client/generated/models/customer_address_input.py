from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.address_kind import AddressKind
from ..models.customer_address_input_country import CustomerAddressInputCountry
from ..types import UNSET, Unset

T = TypeVar("T", bound="CustomerAddressInput")


@_attrs_define
class CustomerAddressInput:
    """A postal address.

    Attributes:
        city (str): City or town, 1 to 100 characters.
        country (CustomerAddressInputCountry): ISO 3166-1 alpha-2 country code in upper case (`DE`, `US`).
        kind (AddressKind): What an address is used for.
        line1 (str): First address line, 1 to 200 characters.
        line2 (None | str | Unset): Second address line, up to 200 characters.
        postal_code (None | str | Unset): Postal or ZIP code, up to 20 characters.
        region (None | str | Unset): State, province or county, up to 100 characters.
    """

    city: str
    country: CustomerAddressInputCountry
    kind: AddressKind
    line1: str
    line2: None | str | Unset = UNSET
    postal_code: None | str | Unset = UNSET
    region: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        city = self.city

        country = self.country.value

        kind = self.kind.value

        line1 = self.line1

        line2: None | str | Unset
        if isinstance(self.line2, Unset):
            line2 = UNSET
        else:
            line2 = self.line2

        postal_code: None | str | Unset
        if isinstance(self.postal_code, Unset):
            postal_code = UNSET
        else:
            postal_code = self.postal_code

        region: None | str | Unset
        if isinstance(self.region, Unset):
            region = UNSET
        else:
            region = self.region

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "city": city,
                "country": country,
                "kind": kind,
                "line1": line1,
            }
        )
        if line2 is not UNSET:
            field_dict["line2"] = line2
        if postal_code is not UNSET:
            field_dict["postal_code"] = postal_code
        if region is not UNSET:
            field_dict["region"] = region

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        city = d.pop("city")

        country = CustomerAddressInputCountry(d.pop("country"))

        kind = AddressKind(d.pop("kind"))

        line1 = d.pop("line1")

        def _parse_line2(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        line2 = _parse_line2(d.pop("line2", UNSET))

        def _parse_postal_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        postal_code = _parse_postal_code(d.pop("postal_code", UNSET))

        def _parse_region(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        region = _parse_region(d.pop("region", UNSET))

        customer_address_input = cls(
            city=city,
            country=country,
            kind=kind,
            line1=line1,
            line2=line2,
            postal_code=postal_code,
            region=region,
        )

        return customer_address_input
