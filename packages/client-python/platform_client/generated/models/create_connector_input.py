from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.connector_kind import ConnectorKind
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_connector_input_config import CreateConnectorInputConfig
    from ..models.create_connector_input_credentials_type_0 import (
        CreateConnectorInputCredentialsType0,
    )


T = TypeVar("T", bound="CreateConnectorInput")


@_attrs_define
class CreateConnectorInput:
    """A new connector.

    Attributes:
        config (CreateConnectorInputConfig): The settings of its kind. Every URL in them must be public (HTTPS for
            production tenants).
        kind (ConnectorKind): The protocol a connector speaks.
        name (str): Your name for it, 1 to 200 characters.
        credentials (CreateConnectorInputCredentialsType0 | None | Unset): The secrets of its kind (Shopify:
            `access_token`, `webhook_secret`; REST: those of its `auth` type). Sealed when saved, never returned.
        retry_delay_seconds (int | None | Unset): Seconds before the second attempt (doubled before each later one), 0
            to 86400. Default 60.
        retry_max_attempts (int | None | Unset): Attempts a sync job makes in all, 1 to 10. Default 3.
        schedule_cron (None | str | Unset): Start a sync at each time of this cron expression (five fields, such as `0
            */6 * * *`); none by default.
        schedule_time_zone (None | str | Unset): The IANA time zone of the schedule (such as `Europe/Paris`); default
            UTC.
    """

    config: CreateConnectorInputConfig
    kind: ConnectorKind
    name: str
    credentials: CreateConnectorInputCredentialsType0 | None | Unset = UNSET
    retry_delay_seconds: int | None | Unset = UNSET
    retry_max_attempts: int | None | Unset = UNSET
    schedule_cron: None | str | Unset = UNSET
    schedule_time_zone: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.create_connector_input_credentials_type_0 import (
            CreateConnectorInputCredentialsType0,
        )

        config = self.config.to_dict()

        kind = self.kind.value

        name = self.name

        credentials: dict[str, Any] | None | Unset
        if isinstance(self.credentials, Unset):
            credentials = UNSET
        elif isinstance(self.credentials, CreateConnectorInputCredentialsType0):
            credentials = self.credentials.to_dict()
        else:
            credentials = self.credentials

        retry_delay_seconds: int | None | Unset
        if isinstance(self.retry_delay_seconds, Unset):
            retry_delay_seconds = UNSET
        else:
            retry_delay_seconds = self.retry_delay_seconds

        retry_max_attempts: int | None | Unset
        if isinstance(self.retry_max_attempts, Unset):
            retry_max_attempts = UNSET
        else:
            retry_max_attempts = self.retry_max_attempts

        schedule_cron: None | str | Unset
        if isinstance(self.schedule_cron, Unset):
            schedule_cron = UNSET
        else:
            schedule_cron = self.schedule_cron

        schedule_time_zone: None | str | Unset
        if isinstance(self.schedule_time_zone, Unset):
            schedule_time_zone = UNSET
        else:
            schedule_time_zone = self.schedule_time_zone

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "config": config,
                "kind": kind,
                "name": name,
            }
        )
        if credentials is not UNSET:
            field_dict["credentials"] = credentials
        if retry_delay_seconds is not UNSET:
            field_dict["retry_delay_seconds"] = retry_delay_seconds
        if retry_max_attempts is not UNSET:
            field_dict["retry_max_attempts"] = retry_max_attempts
        if schedule_cron is not UNSET:
            field_dict["schedule_cron"] = schedule_cron
        if schedule_time_zone is not UNSET:
            field_dict["schedule_time_zone"] = schedule_time_zone

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.create_connector_input_config import CreateConnectorInputConfig
        from ..models.create_connector_input_credentials_type_0 import (
            CreateConnectorInputCredentialsType0,
        )

        d = dict(src_dict)
        config = CreateConnectorInputConfig.from_dict(d.pop("config"))

        kind = ConnectorKind(d.pop("kind"))

        name = d.pop("name")

        def _parse_credentials(
            data: object,
        ) -> CreateConnectorInputCredentialsType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                credentials_type_0 = CreateConnectorInputCredentialsType0.from_dict(
                    data
                )

                return credentials_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CreateConnectorInputCredentialsType0 | None | Unset, data)

        credentials = _parse_credentials(d.pop("credentials", UNSET))

        def _parse_retry_delay_seconds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        retry_delay_seconds = _parse_retry_delay_seconds(
            d.pop("retry_delay_seconds", UNSET)
        )

        def _parse_retry_max_attempts(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        retry_max_attempts = _parse_retry_max_attempts(
            d.pop("retry_max_attempts", UNSET)
        )

        def _parse_schedule_cron(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        schedule_cron = _parse_schedule_cron(d.pop("schedule_cron", UNSET))

        def _parse_schedule_time_zone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        schedule_time_zone = _parse_schedule_time_zone(
            d.pop("schedule_time_zone", UNSET)
        )

        create_connector_input = cls(
            config=config,
            kind=kind,
            name=name,
            credentials=credentials,
            retry_delay_seconds=retry_delay_seconds,
            retry_max_attempts=retry_max_attempts,
            schedule_cron=schedule_cron,
            schedule_time_zone=schedule_time_zone,
        )

        return create_connector_input
