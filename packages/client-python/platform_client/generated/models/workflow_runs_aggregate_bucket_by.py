from enum import StrEnum


class WorkflowRunsAggregateBucketBy(StrEnum):
    CREATED_AT = "created_at"
    FINISHED_AT = "finished_at"
    STARTED_AT = "started_at"

    def __str__(self) -> str:
        return str(self.value)
