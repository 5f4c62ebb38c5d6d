from enum import StrEnum


class PlatformEventType(StrEnum):
    AI_QUERY_COMPLETED = "ai.query.completed"
    AI_TASK_COMPLETED = "ai.task.completed"
    BULK_MUTATION_COMPLETED = "bulk_mutation.completed"
    EXPORT_COMPLETED = "export.completed"
    INVENTORY_STOCK_LOW = "inventory.stock.low"
    INVOICE_ISSUED = "invoice.issued"
    INVOICE_PAID = "invoice.paid"
    INVOICE_PAYMENT_RECORDED = "invoice.payment_recorded"
    INVOICE_VOIDED = "invoice.voided"
    ORDER_CREATED = "order.created"
    ORDER_FULFILLED = "order.fulfilled"
    SYNC_FAILED = "sync.failed"
    SYNC_JOB_UPDATED = "sync.job.updated"
    WORKFLOW_COMPLETED = "workflow.completed"
    WORKFLOW_RUN_UPDATED = "workflow.run.updated"

    def __str__(self) -> str:
        return str(self.value)
