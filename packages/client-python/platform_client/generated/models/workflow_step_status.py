from enum import StrEnum


class WorkflowStepStatus(StrEnum):
    FAILED = "failed"
    RETRYING = "retrying"
    RUNNING = "running"
    SUCCEEDED = "succeeded"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
