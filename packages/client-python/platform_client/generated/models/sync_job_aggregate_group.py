from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.number_statistics import NumberStatistics
    from ..models.sync_job_aggregate_distinct import SyncJobAggregateDistinct
    from ..models.sync_job_aggregate_key import SyncJobAggregateKey


T = TypeVar("T", bound="SyncJobAggregateGroup")


@_attrs_define
class SyncJobAggregateGroup:
    """A group of sync jobs: its key, how many records it holds and the statistics of their numbers and amounts.

    Attributes:
        attempts (NumberStatistics): Statistics of a number over the records of a group; null when no record of the
            group has a value.
        count (int): Records in the group.
        count_distinct (SyncJobAggregateDistinct): Counts of distinct values among the sync jobs of a group.
        duration_ms (NumberStatistics): Statistics of a number over the records of a group; null when no record of the
            group has a value.
        key (SyncJobAggregateKey): The grouping key of a group of sync jobs: the value of each field of `group_by` and
            the time bucket; null for a key the request does not group by (or a record without a value).
        records_created (NumberStatistics): Statistics of a number over the records of a group; null when no record of
            the group has a value.
        records_failed (NumberStatistics): Statistics of a number over the records of a group; null when no record of
            the group has a value.
        records_seen (NumberStatistics): Statistics of a number over the records of a group; null when no record of the
            group has a value.
        records_unchanged (NumberStatistics): Statistics of a number over the records of a group; null when no record of
            the group has a value.
        records_updated (NumberStatistics): Statistics of a number over the records of a group; null when no record of
            the group has a value.
    """

    attempts: NumberStatistics
    count: int
    count_distinct: SyncJobAggregateDistinct
    duration_ms: NumberStatistics
    key: SyncJobAggregateKey
    records_created: NumberStatistics
    records_failed: NumberStatistics
    records_seen: NumberStatistics
    records_unchanged: NumberStatistics
    records_updated: NumberStatistics
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        attempts = self.attempts.to_dict()

        count = self.count

        count_distinct = self.count_distinct.to_dict()

        duration_ms = self.duration_ms.to_dict()

        key = self.key.to_dict()

        records_created = self.records_created.to_dict()

        records_failed = self.records_failed.to_dict()

        records_seen = self.records_seen.to_dict()

        records_unchanged = self.records_unchanged.to_dict()

        records_updated = self.records_updated.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attempts": attempts,
                "count": count,
                "count_distinct": count_distinct,
                "duration_ms": duration_ms,
                "key": key,
                "records_created": records_created,
                "records_failed": records_failed,
                "records_seen": records_seen,
                "records_unchanged": records_unchanged,
                "records_updated": records_updated,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.number_statistics import NumberStatistics
        from ..models.sync_job_aggregate_distinct import SyncJobAggregateDistinct
        from ..models.sync_job_aggregate_key import SyncJobAggregateKey

        d = dict(src_dict)
        attempts = NumberStatistics.from_dict(d.pop("attempts"))

        count = d.pop("count")

        count_distinct = SyncJobAggregateDistinct.from_dict(d.pop("count_distinct"))

        duration_ms = NumberStatistics.from_dict(d.pop("duration_ms"))

        key = SyncJobAggregateKey.from_dict(d.pop("key"))

        records_created = NumberStatistics.from_dict(d.pop("records_created"))

        records_failed = NumberStatistics.from_dict(d.pop("records_failed"))

        records_seen = NumberStatistics.from_dict(d.pop("records_seen"))

        records_unchanged = NumberStatistics.from_dict(d.pop("records_unchanged"))

        records_updated = NumberStatistics.from_dict(d.pop("records_updated"))

        sync_job_aggregate_group = cls(
            attempts=attempts,
            count=count,
            count_distinct=count_distinct,
            duration_ms=duration_ms,
            key=key,
            records_created=records_created,
            records_failed=records_failed,
            records_seen=records_seen,
            records_unchanged=records_unchanged,
            records_updated=records_updated,
        )

        sync_job_aggregate_group.additional_properties = d
        return sync_job_aggregate_group

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
