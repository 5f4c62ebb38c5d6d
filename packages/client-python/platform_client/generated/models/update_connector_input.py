from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.update_connector_input_config_type_0 import (
        UpdateConnectorInputConfigType0,
    )
    from ..models.update_connector_input_credentials_type_0 import (
        UpdateConnectorInputCredentialsType0,
    )


T = TypeVar("T", bound="UpdateConnectorInput")


@_attrs_define
class UpdateConnectorInput:
    """Fields to change; absent fields keep their value. A new `config` is checked with the credentials sent beside it:
    send both.

        Attributes:
            config (None | Unset | UpdateConnectorInputConfigType0): Replaces the settings; `credentials` must be sent with
                it.
            credentials (None | Unset | UpdateConnectorInputCredentialsType0): Replaces the secrets (checked against the
                current or the new `config`).
            name (None | str | Unset): Your name for it, 1 to 200 characters.
            retry_delay_seconds (int | None | Unset): 0 to 86400.
            retry_max_attempts (int | None | Unset): 1 to 10.
            schedule_cron (None | str | Unset): A new schedule (five-field cron expression); an empty string removes it.
            schedule_time_zone (None | str | Unset): The IANA time zone of the schedule.
            version (int | None | Unset): The version the action is based on; if it is no longer current the action is
                refused with `version_conflict` and nothing changes. REST clients may send `If-Match: "<version>"` instead.
    """

    config: None | Unset | UpdateConnectorInputConfigType0 = UNSET
    credentials: None | Unset | UpdateConnectorInputCredentialsType0 = UNSET
    name: None | str | Unset = UNSET
    retry_delay_seconds: int | None | Unset = UNSET
    retry_max_attempts: int | None | Unset = UNSET
    schedule_cron: None | str | Unset = UNSET
    schedule_time_zone: None | str | Unset = UNSET
    version: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.update_connector_input_config_type_0 import (
            UpdateConnectorInputConfigType0,
        )
        from ..models.update_connector_input_credentials_type_0 import (
            UpdateConnectorInputCredentialsType0,
        )

        config: dict[str, Any] | None | Unset
        if isinstance(self.config, Unset):
            config = UNSET
        elif isinstance(self.config, UpdateConnectorInputConfigType0):
            config = self.config.to_dict()
        else:
            config = self.config

        credentials: dict[str, Any] | None | Unset
        if isinstance(self.credentials, Unset):
            credentials = UNSET
        elif isinstance(self.credentials, UpdateConnectorInputCredentialsType0):
            credentials = self.credentials.to_dict()
        else:
            credentials = self.credentials

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

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

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if config is not UNSET:
            field_dict["config"] = config
        if credentials is not UNSET:
            field_dict["credentials"] = credentials
        if name is not UNSET:
            field_dict["name"] = name
        if retry_delay_seconds is not UNSET:
            field_dict["retry_delay_seconds"] = retry_delay_seconds
        if retry_max_attempts is not UNSET:
            field_dict["retry_max_attempts"] = retry_max_attempts
        if schedule_cron is not UNSET:
            field_dict["schedule_cron"] = schedule_cron
        if schedule_time_zone is not UNSET:
            field_dict["schedule_time_zone"] = schedule_time_zone
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.update_connector_input_config_type_0 import (
            UpdateConnectorInputConfigType0,
        )
        from ..models.update_connector_input_credentials_type_0 import (
            UpdateConnectorInputCredentialsType0,
        )

        d = dict(src_dict)

        def _parse_config(
            data: object,
        ) -> None | Unset | UpdateConnectorInputConfigType0:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                config_type_0 = UpdateConnectorInputConfigType0.from_dict(data)

                return config_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UpdateConnectorInputConfigType0, data)

        config = _parse_config(d.pop("config", UNSET))

        def _parse_credentials(
            data: object,
        ) -> None | Unset | UpdateConnectorInputCredentialsType0:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                credentials_type_0 = UpdateConnectorInputCredentialsType0.from_dict(
                    data
                )

                return credentials_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UpdateConnectorInputCredentialsType0, data)

        credentials = _parse_credentials(d.pop("credentials", UNSET))

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

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

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        update_connector_input = cls(
            config=config,
            credentials=credentials,
            name=name,
            retry_delay_seconds=retry_delay_seconds,
            retry_max_attempts=retry_max_attempts,
            schedule_cron=schedule_cron,
            schedule_time_zone=schedule_time_zone,
            version=version,
        )

        return update_connector_input
