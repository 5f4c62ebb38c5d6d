from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CustomerContact")


@_attrs_define
class CustomerContact:
    """A person to deal with at a customer.

    Attributes:
        email (None | str): E-mail address, lower-cased.
        id (str): Contact identifier (`cct_…`), assigned by the platform. Replacing the contact list assigns new ids.
        is_primary (bool): The main contact. At most one contact of a customer is primary.
        name (str): Full name, 1 to 200 characters.
        phone (None | str): Telephone number as given, up to 50 characters.
        role (None | str): Job or role at the customer (`Accounts payable`, `Buyer`), up to 100 characters.
    """

    email: None | str
    id: str
    is_primary: bool
    name: str
    phone: None | str
    role: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        email: None | str
        email = self.email

        id = self.id

        is_primary = self.is_primary

        name = self.name

        phone: None | str
        phone = self.phone

        role: None | str
        role = self.role

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "email": email,
                "id": id,
                "is_primary": is_primary,
                "name": name,
                "phone": phone,
                "role": role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))

        id = d.pop("id")

        is_primary = d.pop("is_primary")

        name = d.pop("name")

        def _parse_phone(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        phone = _parse_phone(d.pop("phone"))

        def _parse_role(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        role = _parse_role(d.pop("role"))

        customer_contact = cls(
            email=email,
            id=id,
            is_primary=is_primary,
            name=name,
            phone=phone,
            role=role,
        )

        customer_contact.additional_properties = d
        return customer_contact

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
