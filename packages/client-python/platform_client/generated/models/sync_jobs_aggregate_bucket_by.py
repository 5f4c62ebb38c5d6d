from enum import StrEnum


class SyncJobsAggregateBucketBy(StrEnum):
    CREATED_AT = "created_at"
    FINISHED_AT = "finished_at"
    STARTED_AT = "started_at"

    def __str__(self) -> str:
        return str(self.value)
