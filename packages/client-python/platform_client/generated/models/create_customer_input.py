from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.customer_address_input import CustomerAddressInput
    from ..models.customer_contact_input import CustomerContactInput


T = TypeVar("T", bound="CreateCustomerInput")


@_attrs_define
class CreateCustomerInput:
    """A new customer.

    Attributes:
        name (str): Display name, 1 to 200 characters.
        addresses (list[CustomerAddressInput] | None | Unset): Addresses, at most 20.
        company_name (None | str | Unset): Legal company name, up to 200 characters.
        contacts (list[CustomerContactInput] | None | Unset): Contacts, at most 50; at most one primary.
        currency (None | str | Unset): ISO 4217 code (3 upper-case letters): the default currency of the customer’s
            orders.
        email (None | str | Unset): Main e-mail address; stored lower-cased.
        notes (None | str | Unset): Internal notes, up to 5000 characters.
        phone (None | str | Unset): Main telephone number, up to 50 characters.
        tax_id (None | str | Unset): Tax or VAT number, up to 50 characters.
    """

    name: str
    addresses: list[CustomerAddressInput] | None | Unset = UNSET
    company_name: None | str | Unset = UNSET
    contacts: list[CustomerContactInput] | None | Unset = UNSET
    currency: None | str | Unset = UNSET
    email: None | str | Unset = UNSET
    notes: None | str | Unset = UNSET
    phone: None | str | Unset = UNSET
    tax_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        addresses: list[dict[str, Any]] | None | Unset
        if isinstance(self.addresses, Unset):
            addresses = UNSET
        elif isinstance(self.addresses, list):
            addresses = []
            for addresses_type_0_item_data in self.addresses:
                addresses_type_0_item = addresses_type_0_item_data.to_dict()
                addresses.append(addresses_type_0_item)

        else:
            addresses = self.addresses

        company_name: None | str | Unset
        if isinstance(self.company_name, Unset):
            company_name = UNSET
        else:
            company_name = self.company_name

        contacts: list[dict[str, Any]] | None | Unset
        if isinstance(self.contacts, Unset):
            contacts = UNSET
        elif isinstance(self.contacts, list):
            contacts = []
            for contacts_type_0_item_data in self.contacts:
                contacts_type_0_item = contacts_type_0_item_data.to_dict()
                contacts.append(contacts_type_0_item)

        else:
            contacts = self.contacts

        currency: None | str | Unset
        if isinstance(self.currency, Unset):
            currency = UNSET
        else:
            currency = self.currency

        email: None | str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes

        phone: None | str | Unset
        if isinstance(self.phone, Unset):
            phone = UNSET
        else:
            phone = self.phone

        tax_id: None | str | Unset
        if isinstance(self.tax_id, Unset):
            tax_id = UNSET
        else:
            tax_id = self.tax_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
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
        if notes is not UNSET:
            field_dict["notes"] = notes
        if phone is not UNSET:
            field_dict["phone"] = phone
        if tax_id is not UNSET:
            field_dict["tax_id"] = tax_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.customer_address_input import CustomerAddressInput
        from ..models.customer_contact_input import CustomerContactInput

        d = dict(src_dict)
        name = d.pop("name")

        def _parse_addresses(data: object) -> list[CustomerAddressInput] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                addresses_type_0 = []
                _addresses_type_0 = data
                for addresses_type_0_item_data in _addresses_type_0:
                    addresses_type_0_item = CustomerAddressInput.from_dict(
                        addresses_type_0_item_data
                    )

                    addresses_type_0.append(addresses_type_0_item)

                return addresses_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[CustomerAddressInput] | None | Unset, data)

        addresses = _parse_addresses(d.pop("addresses", UNSET))

        def _parse_company_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        company_name = _parse_company_name(d.pop("company_name", UNSET))

        def _parse_contacts(data: object) -> list[CustomerContactInput] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                contacts_type_0 = []
                _contacts_type_0 = data
                for contacts_type_0_item_data in _contacts_type_0:
                    contacts_type_0_item = CustomerContactInput.from_dict(
                        contacts_type_0_item_data
                    )

                    contacts_type_0.append(contacts_type_0_item)

                return contacts_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[CustomerContactInput] | None | Unset, data)

        contacts = _parse_contacts(d.pop("contacts", UNSET))

        def _parse_currency(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        currency = _parse_currency(d.pop("currency", UNSET))

        def _parse_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))

        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))

        def _parse_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone = _parse_phone(d.pop("phone", UNSET))

        def _parse_tax_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        tax_id = _parse_tax_id(d.pop("tax_id", UNSET))

        create_customer_input = cls(
            name=name,
            addresses=addresses,
            company_name=company_name,
            contacts=contacts,
            currency=currency,
            email=email,
            notes=notes,
            phone=phone,
            tax_id=tax_id,
        )

        return create_customer_input
