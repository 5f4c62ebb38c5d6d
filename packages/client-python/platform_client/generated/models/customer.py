from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.customer_address import CustomerAddress
    from ..models.customer_contact import CustomerContact


T = TypeVar("T", bound="Customer")


@_attrs_define
class Customer:
    """A trading partner of the tenant: the buyer on sales orders and the supplier on purchase orders (an order’s
    `customer_id` names either). Archived customers stay readable and keep their orders but take no new orders.

        Attributes:
            addresses (list[CustomerAddress]): Postal addresses, in the order given. An update that includes `addresses`
                replaces the whole list.
            archived_at (datetime.datetime | None): When the customer was archived; null while active.
            company_name (None | str): Legal name of the company, when the customer is one; up to 200 characters.
            contacts (list[CustomerContact]): People to deal with, in the order given. An update that includes `contacts`
                replaces the whole list.
            created_at (datetime.datetime): When the customer was created.
            currency (None | str): ISO 4217 code; the currency of new orders for this customer when the order names none.
            email (None | str): Main e-mail address, stored lower-cased.
            id (str): Customer identifier (`cus_…`), assigned by the platform.
            name (str): Display name, 1 to 200 characters.
            notes (None | str): Free-form internal notes, up to 5000 characters.
            phone (None | str): Main telephone number as given, up to 50 characters.
            tax_id (None | str): Tax or VAT registration number as given, up to 50 characters.
            updated_at (datetime.datetime): When the customer last changed.
            version (int): Incremented by every change; send it back as `version` (or REST `If-Match`) to refuse a change
                based on a stale read.
    """

    addresses: list[CustomerAddress]
    archived_at: datetime.datetime | None
    company_name: None | str
    contacts: list[CustomerContact]
    created_at: datetime.datetime
    currency: None | str
    email: None | str
    id: str
    name: str
    notes: None | str
    phone: None | str
    tax_id: None | str
    updated_at: datetime.datetime
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        addresses = []
        for addresses_item_data in self.addresses:
            addresses_item = addresses_item_data.to_dict()
            addresses.append(addresses_item)

        archived_at: None | str
        if isinstance(self.archived_at, datetime.datetime):
            archived_at = self.archived_at.isoformat()
        else:
            archived_at = self.archived_at

        company_name: None | str
        company_name = self.company_name

        contacts = []
        for contacts_item_data in self.contacts:
            contacts_item = contacts_item_data.to_dict()
            contacts.append(contacts_item)

        created_at = self.created_at.isoformat()

        currency: None | str
        currency = self.currency

        email: None | str
        email = self.email

        id = self.id

        name = self.name

        notes: None | str
        notes = self.notes

        phone: None | str
        phone = self.phone

        tax_id: None | str
        tax_id = self.tax_id

        updated_at = self.updated_at.isoformat()

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "addresses": addresses,
                "archived_at": archived_at,
                "company_name": company_name,
                "contacts": contacts,
                "created_at": created_at,
                "currency": currency,
                "email": email,
                "id": id,
                "name": name,
                "notes": notes,
                "phone": phone,
                "tax_id": tax_id,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.customer_address import CustomerAddress
        from ..models.customer_contact import CustomerContact

        d = dict(src_dict)
        addresses = []
        _addresses = d.pop("addresses")
        for addresses_item_data in _addresses:
            addresses_item = CustomerAddress.from_dict(addresses_item_data)

            addresses.append(addresses_item)

        def _parse_archived_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                archived_at_type_0 = datetime.datetime.fromisoformat(data)

                return archived_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        archived_at = _parse_archived_at(d.pop("archived_at"))

        def _parse_company_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        company_name = _parse_company_name(d.pop("company_name"))

        contacts = []
        _contacts = d.pop("contacts")
        for contacts_item_data in _contacts:
            contacts_item = CustomerContact.from_dict(contacts_item_data)

            contacts.append(contacts_item)

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_currency(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        currency = _parse_currency(d.pop("currency"))

        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))

        id = d.pop("id")

        name = d.pop("name")

        def _parse_notes(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        notes = _parse_notes(d.pop("notes"))

        def _parse_phone(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        phone = _parse_phone(d.pop("phone"))

        def _parse_tax_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        tax_id = _parse_tax_id(d.pop("tax_id"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        version = d.pop("version")

        customer = cls(
            addresses=addresses,
            archived_at=archived_at,
            company_name=company_name,
            contacts=contacts,
            created_at=created_at,
            currency=currency,
            email=email,
            id=id,
            name=name,
            notes=notes,
            phone=phone,
            tax_id=tax_id,
            updated_at=updated_at,
            version=version,
        )

        customer.additional_properties = d
        return customer

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
