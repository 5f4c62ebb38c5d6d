from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.order_kind import OrderKind
from ..models.order_status import OrderStatus

if TYPE_CHECKING:
    from ..models.order_line import OrderLine


T = TypeVar("T", bound="Order")


@_attrs_define
class Order:
    """A sales order (goods out to a customer) or a purchase order (goods in from a supplier). Changed only while `draft`;
    then moved on by actions: `confirm`, `fulfil` (sales), `receive` (purchase), `cancel`. Amounts are in minor units of
    `currency`; orders carry no tax (invoices do).

        Attributes:
            cancelled_at (datetime.datetime | None): When the order was cancelled.
            channel (str): Which channel created the order: `api` for this API (REST or GraphQL), set by the platform; a
                connector’s id for orders it imports.
            confirmed_at (datetime.datetime | None): When the order was confirmed.
            created_at (datetime.datetime): When the order was created.
            currency (str): ISO 4217 code of every amount of the order.
            customer_id (str): The trading partner: the buyer of a sales order, the supplier of a purchase order.
            external_reference (None | str): The client’s own identifier of the order (e.g. a web-shop order number); unique
                per tenant and kind when given.
            fulfilled_at (datetime.datetime | None): When the sales order was fulfilled (its stock taken out).
            id (str): Order identifier (`ord_…`), assigned by the platform.
            kind (OrderKind): Which way goods move.
            lines (list[OrderLine]): The lines, in the order given.
            notes (None | str): Free-form notes, up to 5000 characters.
            number (str): Human-readable number, assigned at creation per tenant and kind without gaps: `SO-000001`,
                `PO-000001`.
            received_at (datetime.datetime | None): When the purchase order was received (its stock added).
            status (OrderStatus): Where an order is in its lifecycle.
            subtotal (int): Sum of the line totals, computed by the platform.
            total (int): Amount of the order; equals `subtotal` (orders carry no tax or discounts; invoices carry tax).
            updated_at (datetime.datetime): When the order last changed.
            version (int): Incremented by every change and action; send it back as `version` (or REST `If-Match`) to refuse
                a change based on a stale read.
    """

    cancelled_at: datetime.datetime | None
    channel: str
    confirmed_at: datetime.datetime | None
    created_at: datetime.datetime
    currency: str
    customer_id: str
    external_reference: None | str
    fulfilled_at: datetime.datetime | None
    id: str
    kind: OrderKind
    lines: list[OrderLine]
    notes: None | str
    number: str
    received_at: datetime.datetime | None
    status: OrderStatus
    subtotal: int
    total: int
    updated_at: datetime.datetime
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cancelled_at: None | str
        if isinstance(self.cancelled_at, datetime.datetime):
            cancelled_at = self.cancelled_at.isoformat()
        else:
            cancelled_at = self.cancelled_at

        channel = self.channel

        confirmed_at: None | str
        if isinstance(self.confirmed_at, datetime.datetime):
            confirmed_at = self.confirmed_at.isoformat()
        else:
            confirmed_at = self.confirmed_at

        created_at = self.created_at.isoformat()

        currency = self.currency

        customer_id = self.customer_id

        external_reference: None | str
        external_reference = self.external_reference

        fulfilled_at: None | str
        if isinstance(self.fulfilled_at, datetime.datetime):
            fulfilled_at = self.fulfilled_at.isoformat()
        else:
            fulfilled_at = self.fulfilled_at

        id = self.id

        kind = self.kind.value

        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)

        notes: None | str
        notes = self.notes

        number = self.number

        received_at: None | str
        if isinstance(self.received_at, datetime.datetime):
            received_at = self.received_at.isoformat()
        else:
            received_at = self.received_at

        status = self.status.value

        subtotal = self.subtotal

        total = self.total

        updated_at = self.updated_at.isoformat()

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cancelled_at": cancelled_at,
                "channel": channel,
                "confirmed_at": confirmed_at,
                "created_at": created_at,
                "currency": currency,
                "customer_id": customer_id,
                "external_reference": external_reference,
                "fulfilled_at": fulfilled_at,
                "id": id,
                "kind": kind,
                "lines": lines,
                "notes": notes,
                "number": number,
                "received_at": received_at,
                "status": status,
                "subtotal": subtotal,
                "total": total,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.order_line import OrderLine

        d = dict(src_dict)

        def _parse_cancelled_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                cancelled_at_type_0 = datetime.datetime.fromisoformat(data)

                return cancelled_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        cancelled_at = _parse_cancelled_at(d.pop("cancelled_at"))

        channel = d.pop("channel")

        def _parse_confirmed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                confirmed_at_type_0 = datetime.datetime.fromisoformat(data)

                return confirmed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        confirmed_at = _parse_confirmed_at(d.pop("confirmed_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        currency = d.pop("currency")

        customer_id = d.pop("customer_id")

        def _parse_external_reference(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        external_reference = _parse_external_reference(d.pop("external_reference"))

        def _parse_fulfilled_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fulfilled_at_type_0 = datetime.datetime.fromisoformat(data)

                return fulfilled_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        fulfilled_at = _parse_fulfilled_at(d.pop("fulfilled_at"))

        id = d.pop("id")

        kind = OrderKind(d.pop("kind"))

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = OrderLine.from_dict(lines_item_data)

            lines.append(lines_item)

        def _parse_notes(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        notes = _parse_notes(d.pop("notes"))

        number = d.pop("number")

        def _parse_received_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                received_at_type_0 = datetime.datetime.fromisoformat(data)

                return received_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        received_at = _parse_received_at(d.pop("received_at"))

        status = OrderStatus(d.pop("status"))

        subtotal = d.pop("subtotal")

        total = d.pop("total")

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        version = d.pop("version")

        order = cls(
            cancelled_at=cancelled_at,
            channel=channel,
            confirmed_at=confirmed_at,
            created_at=created_at,
            currency=currency,
            customer_id=customer_id,
            external_reference=external_reference,
            fulfilled_at=fulfilled_at,
            id=id,
            kind=kind,
            lines=lines,
            notes=notes,
            number=number,
            received_at=received_at,
            status=status,
            subtotal=subtotal,
            total=total,
            updated_at=updated_at,
            version=version,
        )

        order.additional_properties = d
        return order

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
