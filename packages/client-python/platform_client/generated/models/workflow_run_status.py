from enum import StrEnum


class WorkflowRunStatus(StrEnum):
    CANCELLED = "cancelled"
    FAILED = "failed"
    QUEUED = "queued"
    RUNNING = "running"
    SUCCEEDED = "succeeded"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
