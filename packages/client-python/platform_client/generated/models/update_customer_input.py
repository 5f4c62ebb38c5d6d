from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.customer_address_input import CustomerAddressInput
    from ..models.customer_contact_input import CustomerContactInput


T = TypeVar("T", bound="UpdateCustomerInput")


@_attrs_define
class UpdateCustomerInput:
    """Fields to change; absent fields keep their value. An empty string clears an optional text field. `contacts` and
    `addresses`, when given, replace the whole list.

        Attributes:
            addresses (list[CustomerAddressInput] | Unset): Replaces every address (an empty list removes them all).
            company_name (str | Unset): Legal company name; empty clears it.
            contacts (list[CustomerContactInput] | Unset): Replaces every contact (an empty list removes them all).
            currency (Literal[''] | str | Unset): ISO 4217 default order currency; empty clears it.
            email (str | Unset): Main e-mail address; stored lower-cased; empty clears it.
            name (str | Unset): Display name, 1 to 200 characters.
            notes (str | Unset): Internal notes; empty clears them.
            phone (str | Unset): Main telephone number; empty clears it.
            tax_id (str | Unset): Tax or VAT number; empty clears it.
            version (int | Unset): The version the change is based on; if it is no longer current the change is refused with
                `version_conflict`.
    """

    addresses: list[CustomerAddressInput] | Unset = UNSET
    company_name: str | Unset = UNSET
    contacts: list[CustomerContactInput] | Unset = UNSET
    currency: Literal[""] | str | Unset = UNSET
    email: str | Unset = UNSET
    name: str | Unset = UNSET
    notes: str | Unset = UNSET
    phone: str | Unset = UNSET
    tax_id: str | Unset = UNSET
    version: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        addresses: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.addresses, Unset):
            addresses = []
            for addresses_item_data in self.addresses:
                addresses_item = addresses_item_data.to_dict()
                addresses.append(addresses_item)

        company_name = self.company_name

        contacts: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.contacts, Unset):
            contacts = []
            for contacts_item_data in self.contacts:
                contacts_item = contacts_item_data.to_dict()
                contacts.append(contacts_item)

        currency: Literal[""] | str | Unset
        if isinstance(self.currency, Unset):
            currency = UNSET
        else:
            currency = self.currency

        email = self.email

        name = self.name

        notes = self.notes

        phone = self.phone

        tax_id = self.tax_id

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if addresses is not UNSET:
            field_dict["addresses"] = addresses
        if company_name is not UNSET:
            field_dict["company_name"] = company_name
        if contacts is not UNSET:
            field_dict["contacts"] = contacts
        if currency is not UNSET:
            field_dict["currency"] = currency
        if email is not UNSET:
            field_dict["email"] = email
        if name is not UNSET:
            field_dict["name"] = name
        if notes is not UNSET:
            field_dict["notes"] = notes
        if phone is not UNSET:
            field_dict["phone"] = phone
        if tax_id is not UNSET:
            field_dict["tax_id"] = tax_id
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.customer_address_input import CustomerAddressInput
        from ..models.customer_contact_input import CustomerContactInput

        d = dict(src_dict)
        _addresses = d.pop("addresses", UNSET)
        addresses: list[CustomerAddressInput] | Unset = UNSET
        if _addresses is not UNSET:
            addresses = []
            for addresses_item_data in _addresses:
                addresses_item = CustomerAddressInput.from_dict(addresses_item_data)

                addresses.append(addresses_item)

        company_name = d.pop("company_name", UNSET)

        _contacts = d.pop("contacts", UNSET)
        contacts: list[CustomerContactInput] | Unset = UNSET
        if _contacts is not UNSET:
            contacts = []
            for contacts_item_data in _contacts:
                contacts_item = CustomerContactInput.from_dict(contacts_item_data)

                contacts.append(contacts_item)

        def _parse_currency(data: object) -> Literal[""] | str | Unset:
            if isinstance(data, Unset):
                return data
            currency_type_0 = cast(Literal[""], data)
            if currency_type_0 != "":
                raise ValueError(
                    f"currency_type_0 must match const '', got '{currency_type_0}'"
                )
            return currency_type_0
            return cast(Literal[""] | str | Unset, data)

        currency = _parse_currency(d.pop("currency", UNSET))

        email = d.pop("email", UNSET)

        name = d.pop("name", UNSET)

        notes = d.pop("notes", UNSET)

        phone = d.pop("phone", UNSET)

        tax_id = d.pop("tax_id", UNSET)

        version = d.pop("version", UNSET)

        update_customer_input = cls(
            addresses=addresses,
            company_name=company_name,
            contacts=contacts,
            currency=currency,
            email=email,
            name=name,
            notes=notes,
            phone=phone,
            tax_id=tax_id,
            version=version,
        )

        return update_customer_input
