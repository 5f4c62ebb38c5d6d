"""Contains all the data models used in inputs/outputs"""

from .address_kind import AddressKind
from .adjust_inventory_item_input import AdjustInventoryItemInput
from .ai_answer import AiAnswer
from .ai_answer_column import AiAnswerColumn
from .ai_answer_kind import AiAnswerKind
from .ai_engine import AiEngine
from .ai_executed_operation import AiExecutedOperation
from .ai_extracted_amount import AiExtractedAmount
from .ai_extracted_line import AiExtractedLine
from .ai_extracted_number import AiExtractedNumber
from .ai_extracted_text import AiExtractedText
from .ai_extraction import AiExtraction
from .ai_extraction_checks import AiExtractionChecks
from .ai_extraction_draft import AiExtractionDraft
from .ai_extraction_list import AiExtractionList
from .ai_extraction_source import AiExtractionSource
from .ai_extraction_warning import AiExtractionWarning
from .ai_query import AiQuery
from .ai_query_list import AiQueryList
from .ai_query_status import AiQueryStatus
from .ai_task import AiTask
from .ai_task_error import AiTaskError
from .ai_task_list import AiTaskList
from .ai_task_plan import AiTaskPlan
from .ai_task_planned_step import AiTaskPlannedStep
from .ai_task_status import AiTaskStatus
from .ai_task_step import AiTaskStep
from .ai_task_step_list import AiTaskStepList
from .api_key import ApiKey
from .api_key_list import ApiKeyList
from .api_key_status import ApiKeyStatus
from .archive_customer_body import ArchiveCustomerBody
from .ask_copilot_input import AskCopilotInput
from .audit_actor_type import AuditActorType
from .audit_record import AuditRecord
from .audit_record_aggregate import AuditRecordAggregate
from .audit_record_aggregate_distinct import AuditRecordAggregateDistinct
from .audit_record_aggregate_group import AuditRecordAggregateGroup
from .audit_record_aggregate_key import AuditRecordAggregateKey
from .audit_record_list import AuditRecordList
from .audit_records_aggregate_bucket_by import AuditRecordsAggregateBucketBy
from .audit_surface import AuditSurface
from .bad_request_problem import BadRequestProblem
from .bad_request_problem_code import BadRequestProblemCode
from .bulk_export import BulkExport
from .bulk_export_error import BulkExportError
from .bulk_export_format import BulkExportFormat
from .bulk_export_list import BulkExportList
from .bulk_export_progress import BulkExportProgress
from .bulk_export_status import BulkExportStatus
from .bulk_mutation import BulkMutation
from .bulk_mutation_error import BulkMutationError
from .bulk_mutation_list import BulkMutationList
from .bulk_mutation_progress import BulkMutationProgress
from .bulk_mutation_status import BulkMutationStatus
from .bulk_upload import BulkUpload
from .cancel_order_body import CancelOrderBody
from .client_secret import ClientSecret
from .configure_identity_provider_input import ConfigureIdentityProviderInput
from .confirm_order_body import ConfirmOrderBody
from .conflict_problem import ConflictProblem
from .conflict_problem_code import ConflictProblemCode
from .connector import Connector
from .connector_kind import ConnectorKind
from .connector_list import ConnectorList
from .connector_mapping import ConnectorMapping
from .connector_mapping_list import ConnectorMappingList
from .connector_test_result import ConnectorTestResult
from .connector_upload import ConnectorUpload
from .create_ai_task_input import CreateAiTaskInput
from .create_api_key_input import CreateApiKeyInput
from .create_bulk_export_input import CreateBulkExportInput
from .create_bulk_export_input_variables_type_0 import (
    CreateBulkExportInputVariablesType0,
)
from .create_bulk_mutation_input import CreateBulkMutationInput
from .create_connector_input import CreateConnectorInput
from .create_connector_input_config import CreateConnectorInputConfig
from .create_connector_input_credentials_type_0 import (
    CreateConnectorInputCredentialsType0,
)
from .create_customer_input import CreateCustomerInput
from .create_draft_from_extraction_input import CreateDraftFromExtractionInput
from .create_draft_from_extraction_input_kind import CreateDraftFromExtractionInputKind
from .create_inventory_item_input import CreateInventoryItemInput
from .create_invoice_input import CreateInvoiceInput
from .create_o_auth_client_input import CreateOAuthClientInput
from .create_order_input import CreateOrderInput
from .create_role_input import CreateRoleInput
from .create_saved_operation_input import CreateSavedOperationInput
from .create_warehouse_input import CreateWarehouseInput
from .create_webhook_endpoint_input import CreateWebhookEndpointInput
from .create_webhook_endpoint_input_event_types_item_type_0 import (
    CreateWebhookEndpointInputEventTypesItemType0,
)
from .create_workflow_input import CreateWorkflowInput
from .create_workflow_input_definition import CreateWorkflowInputDefinition
from .created_o_auth_client import CreatedOAuthClient
from .customer import Customer
from .customer_address import CustomerAddress
from .customer_address_input import CustomerAddressInput
from .customer_address_input_country import CustomerAddressInputCountry
from .customer_aggregate import CustomerAggregate
from .customer_aggregate_group import CustomerAggregateGroup
from .customer_aggregate_key import CustomerAggregateKey
from .customer_contact import CustomerContact
from .customer_contact_input import CustomerContactInput
from .customer_list import CustomerList
from .customers_aggregate_bucket_by import CustomersAggregateBucketBy
from .decide_ai_task_input import DecideAiTaskInput
from .decide_ai_task_input_decision import DecideAiTaskInputDecision
from .decide_workflow_approval_input import DecideWorkflowApprovalInput
from .decide_workflow_approval_input_decision import DecideWorkflowApprovalInputDecision
from .delete_connector_body import DeleteConnectorBody
from .delete_invoice_body import DeleteInvoiceBody
from .delete_order_body import DeleteOrderBody
from .delete_saved_operation_body import DeleteSavedOperationBody
from .delete_webhook_endpoint_body import DeleteWebhookEndpointBody
from .delete_workflow_body import DeleteWorkflowBody
from .disable_webhook_endpoint_body import DisableWebhookEndpointBody
from .disable_workflow_body import DisableWorkflowBody
from .enable_webhook_endpoint_body import EnableWebhookEndpointBody
from .enable_workflow_body import EnableWorkflowBody
from .environment import Environment
from .event import Event
from .event_aggregate import EventAggregate
from .event_aggregate_distinct import EventAggregateDistinct
from .event_aggregate_group import EventAggregateGroup
from .event_aggregate_key import EventAggregateKey
from .event_list import EventList
from .event_resource import EventResource
from .event_source_info import EventSourceInfo
from .event_source_type import EventSourceType
from .events_aggregate_bucket_by import EventsAggregateBucketBy
from .extract_document_input import ExtractDocumentInput
from .forbidden_problem import ForbiddenProblem
from .forbidden_problem_code import ForbiddenProblemCode
from .fulfil_order_body import FulfilOrderBody
from .gateway_timeout_problem import GatewayTimeoutProblem
from .gateway_timeout_problem_code import GatewayTimeoutProblemCode
from .gone_problem import GoneProblem
from .gone_problem_code import GoneProblemCode
from .identity_provider import IdentityProvider
from .install_workflow_template_input import InstallWorkflowTemplateInput
from .install_workflow_template_input_parameters_type_0 import (
    InstallWorkflowTemplateInputParametersType0,
)
from .internal_error_problem import InternalErrorProblem
from .internal_error_problem_code import InternalErrorProblemCode
from .introspection import Introspection
from .inventory_item import InventoryItem
from .inventory_item_aggregate import InventoryItemAggregate
from .inventory_item_aggregate_distinct import InventoryItemAggregateDistinct
from .inventory_item_aggregate_group import InventoryItemAggregateGroup
from .inventory_item_aggregate_key import InventoryItemAggregateKey
from .inventory_item_list import InventoryItemList
from .inventory_items_aggregate_bucket_by import InventoryItemsAggregateBucketBy
from .invite_user_input import InviteUserInput
from .invoice import Invoice
from .invoice_aggregate import InvoiceAggregate
from .invoice_aggregate_distinct import InvoiceAggregateDistinct
from .invoice_aggregate_group import InvoiceAggregateGroup
from .invoice_aggregate_key import InvoiceAggregateKey
from .invoice_line import InvoiceLine
from .invoice_line_input import InvoiceLineInput
from .invoice_list import InvoiceList
from .invoice_status import InvoiceStatus
from .invoices_aggregate_bucket_by import InvoicesAggregateBucketBy
from .issue_invoice_body import IssueInvoiceBody
from .ledger_balance import LedgerBalance
from .ledger_entries_aggregate_bucket_by import LedgerEntriesAggregateBucketBy
from .ledger_entry import LedgerEntry
from .ledger_entry_aggregate import LedgerEntryAggregate
from .ledger_entry_aggregate_distinct import LedgerEntryAggregateDistinct
from .ledger_entry_aggregate_group import LedgerEntryAggregateGroup
from .ledger_entry_aggregate_key import LedgerEntryAggregateKey
from .ledger_entry_list import LedgerEntryList
from .ledger_entry_source_type import LedgerEntrySourceType
from .ledger_line import LedgerLine
from .ledger_line_aggregate import LedgerLineAggregate
from .ledger_line_aggregate_distinct import LedgerLineAggregateDistinct
from .ledger_line_aggregate_group import LedgerLineAggregateGroup
from .ledger_line_aggregate_key import LedgerLineAggregateKey
from .ledger_line_input import LedgerLineInput
from .ledger_lines_aggregate_bucket_by import LedgerLinesAggregateBucketBy
from .mapping_error import MappingError
from .mapping_preview import MappingPreview
from .mapping_preview_record import MappingPreviewRecord
from .mapping_sample_record_input import MappingSampleRecordInput
from .mapping_sample_record_input_data import MappingSampleRecordInputData
from .mapping_target import MappingTarget
from .money_amount import MoneyAmount
from .money_statistics import MoneyStatistics
from .not_found_problem import NotFoundProblem
from .not_found_problem_code import NotFoundProblemCode
from .number_statistics import NumberStatistics
from .o_auth_client import OAuthClient
from .o_auth_client_list import OAuthClientList
from .o_auth_client_status import OAuthClientStatus
from .o_auth_error import OAuthError
from .oauth_introspect_data_body import OauthIntrospectDataBody
from .oauth_introspect_json_body import OauthIntrospectJsonBody
from .oauth_revoke_data_body import OauthRevokeDataBody
from .oauth_revoke_data_body_token_type_hint import OauthRevokeDataBodyTokenTypeHint
from .oauth_revoke_json_body import OauthRevokeJsonBody
from .oauth_revoke_json_body_token_type_hint import OauthRevokeJsonBodyTokenTypeHint
from .oauth_token_data_body import OauthTokenDataBody
from .oauth_token_data_body_grant_type import OauthTokenDataBodyGrantType
from .oauth_token_json_body import OauthTokenJsonBody
from .oauth_token_json_body_grant_type import OauthTokenJsonBodyGrantType
from .order import Order
from .order_aggregate import OrderAggregate
from .order_aggregate_distinct import OrderAggregateDistinct
from .order_aggregate_group import OrderAggregateGroup
from .order_aggregate_key import OrderAggregateKey
from .order_kind import OrderKind
from .order_line import OrderLine
from .order_line_aggregate import OrderLineAggregate
from .order_line_aggregate_distinct import OrderLineAggregateDistinct
from .order_line_aggregate_group import OrderLineAggregateGroup
from .order_line_aggregate_key import OrderLineAggregateKey
from .order_line_input import OrderLineInput
from .order_lines_aggregate_bucket_by import OrderLinesAggregateBucketBy
from .order_list import OrderList
from .order_status import OrderStatus
from .orders_aggregate_bucket_by import OrdersAggregateBucketBy
from .page_meta import PageMeta
from .pay_invoice_input import PayInvoiceInput
from .payload_too_large_problem import PayloadTooLargeProblem
from .payload_too_large_problem_code import PayloadTooLargeProblemCode
from .plan import Plan
from .platform_event_type import PlatformEventType
from .post_ledger_entry_input import PostLedgerEntryInput
from .precondition_failed_problem import PreconditionFailedProblem
from .precondition_failed_problem_code import PreconditionFailedProblemCode
from .preview_connector_mapping_input import PreviewConnectorMappingInput
from .preview_connector_mapping_input_definition_type_0 import (
    PreviewConnectorMappingInputDefinitionType0,
)
from .problem import Problem
from .problem_code import ProblemCode
from .problem_errors_item import ProblemErrorsItem
from .publish_event_input import PublishEventInput
from .publish_event_input_data import PublishEventInputData
from .rate_limits import RateLimits
from .receive_inventory_item_input import ReceiveInventoryItemInput
from .receive_order_body import ReceiveOrderBody
from .replay_sync_failures_input import ReplaySyncFailuresInput
from .replay_webhook_events_input import ReplayWebhookEventsInput
from .resend_webhook_event_input import ResendWebhookEventInput
from .role import Role
from .role_list import RoleList
from .rotate_webhook_endpoint_secret_input import RotateWebhookEndpointSecretInput
from .rotate_workflow_signing_secret_body import RotateWorkflowSigningSecretBody
from .rotation_input import RotationInput
from .rule_violation_problem import RuleViolationProblem
from .rule_violation_problem_code import RuleViolationProblemCode
from .run_saved_operation_input import RunSavedOperationInput
from .run_saved_operation_input_variables_type_0 import (
    RunSavedOperationInputVariablesType0,
)
from .save_connector_mapping_input import SaveConnectorMappingInput
from .save_connector_mapping_input_definition import SaveConnectorMappingInputDefinition
from .saved_operation import SavedOperation
from .saved_operation_kind import SavedOperationKind
from .saved_operation_list import SavedOperationList
from .saved_operation_result import SavedOperationResult
from .saved_operation_root_field import SavedOperationRootField
from .saved_operation_variable import SavedOperationVariable
from .scope import Scope
from .scope_name import ScopeName
from .service_unavailable_problem import ServiceUnavailableProblem
from .service_unavailable_problem_code import ServiceUnavailableProblemCode
from .start_sync_input import StartSyncInput
from .start_workflow_run_input import StartWorkflowRunInput
from .stock_movement import StockMovement
from .stock_movement_aggregate import StockMovementAggregate
from .stock_movement_aggregate_distinct import StockMovementAggregateDistinct
from .stock_movement_aggregate_group import StockMovementAggregateGroup
from .stock_movement_aggregate_key import StockMovementAggregateKey
from .stock_movement_kind import StockMovementKind
from .stock_movement_list import StockMovementList
from .stock_movements_aggregate_bucket_by import StockMovementsAggregateBucketBy
from .sync_failure import SyncFailure
from .sync_failure_list import SyncFailureList
from .sync_job import SyncJob
from .sync_job_aggregate import SyncJobAggregate
from .sync_job_aggregate_distinct import SyncJobAggregateDistinct
from .sync_job_aggregate_group import SyncJobAggregateGroup
from .sync_job_aggregate_key import SyncJobAggregateKey
from .sync_job_direction import SyncJobDirection
from .sync_job_list import SyncJobList
from .sync_job_state import SyncJobState
from .sync_job_trigger import SyncJobTrigger
from .sync_jobs_aggregate_bucket_by import SyncJobsAggregateBucketBy
from .tenant import Tenant
from .time_bucket import TimeBucket
from .token_response import TokenResponse
from .token_response_token_type import TokenResponseTokenType
from .too_many_requests_problem import TooManyRequestsProblem
from .too_many_requests_problem_code import TooManyRequestsProblemCode
from .transfer_inventory_item_input import TransferInventoryItemInput
from .unarchive_customer_body import UnarchiveCustomerBody
from .unauthorized_problem import UnauthorizedProblem
from .unauthorized_problem_code import UnauthorizedProblemCode
from .unsupported_media_type_problem import UnsupportedMediaTypeProblem
from .unsupported_media_type_problem_code import UnsupportedMediaTypeProblemCode
from .update_connector_input import UpdateConnectorInput
from .update_connector_input_config_type_0 import UpdateConnectorInputConfigType0
from .update_connector_input_credentials_type_0 import (
    UpdateConnectorInputCredentialsType0,
)
from .update_customer_input import UpdateCustomerInput
from .update_inventory_item_input import UpdateInventoryItemInput
from .update_invoice_input import UpdateInvoiceInput
from .update_order_input import UpdateOrderInput
from .update_role_input import UpdateRoleInput
from .update_saved_operation_input import UpdateSavedOperationInput
from .update_user_input import UpdateUserInput
from .update_warehouse_input import UpdateWarehouseInput
from .update_webhook_endpoint_input import UpdateWebhookEndpointInput
from .update_webhook_endpoint_input_event_types_item_type_0 import (
    UpdateWebhookEndpointInputEventTypesItemType0,
)
from .update_workflow_input import UpdateWorkflowInput
from .update_workflow_input_definition_type_0 import UpdateWorkflowInputDefinitionType0
from .upload_connector_file_body import UploadConnectorFileBody
from .user import User
from .user_invitation import UserInvitation
from .user_list import UserList
from .user_password_reset import UserPasswordReset
from .user_status import UserStatus
from .void_invoice_body import VoidInvoiceBody
from .warehouse import Warehouse
from .warehouse_list import WarehouseList
from .webhook_attempt import WebhookAttempt
from .webhook_deliveries_aggregate_bucket_by import WebhookDeliveriesAggregateBucketBy
from .webhook_delivery import WebhookDelivery
from .webhook_delivery_aggregate import WebhookDeliveryAggregate
from .webhook_delivery_aggregate_distinct import WebhookDeliveryAggregateDistinct
from .webhook_delivery_aggregate_group import WebhookDeliveryAggregateGroup
from .webhook_delivery_aggregate_key import WebhookDeliveryAggregateKey
from .webhook_delivery_list import WebhookDeliveryList
from .webhook_delivery_status import WebhookDeliveryStatus
from .webhook_delivery_trigger import WebhookDeliveryTrigger
from .webhook_endpoint import WebhookEndpoint
from .webhook_endpoint_list import WebhookEndpointList
from .webhook_endpoint_status import WebhookEndpointStatus
from .webhook_endpoint_with_secret import WebhookEndpointWithSecret
from .webhook_ping_result import WebhookPingResult
from .webhook_redelivery_result import WebhookRedeliveryResult
from .workflow import Workflow
from .workflow_list import WorkflowList
from .workflow_run import WorkflowRun
from .workflow_run_aggregate import WorkflowRunAggregate
from .workflow_run_aggregate_distinct import WorkflowRunAggregateDistinct
from .workflow_run_aggregate_group import WorkflowRunAggregateGroup
from .workflow_run_aggregate_key import WorkflowRunAggregateKey
from .workflow_run_error import WorkflowRunError
from .workflow_run_list import WorkflowRunList
from .workflow_run_status import WorkflowRunStatus
from .workflow_run_step import WorkflowRunStep
from .workflow_run_step_list import WorkflowRunStepList
from .workflow_run_trigger import WorkflowRunTrigger
from .workflow_run_waiting import WorkflowRunWaiting
from .workflow_runs_aggregate_bucket_by import WorkflowRunsAggregateBucketBy
from .workflow_step_status import WorkflowStepStatus
from .workflow_template import WorkflowTemplate
from .workflow_trigger_type import WorkflowTriggerType
from .workflow_version import WorkflowVersion
from .workflow_version_list import WorkflowVersionList
from .workflow_with_secret import WorkflowWithSecret

__all__ = (
    "AddressKind",
    "AdjustInventoryItemInput",
    "AiAnswer",
    "AiAnswerColumn",
    "AiAnswerKind",
    "AiEngine",
    "AiExecutedOperation",
    "AiExtractedAmount",
    "AiExtractedLine",
    "AiExtractedNumber",
    "AiExtractedText",
    "AiExtraction",
    "AiExtractionChecks",
    "AiExtractionDraft",
    "AiExtractionList",
    "AiExtractionSource",
    "AiExtractionWarning",
    "AiQuery",
    "AiQueryList",
    "AiQueryStatus",
    "AiTask",
    "AiTaskError",
    "AiTaskList",
    "AiTaskPlan",
    "AiTaskPlannedStep",
    "AiTaskStatus",
    "AiTaskStep",
    "AiTaskStepList",
    "ApiKey",
    "ApiKeyList",
    "ApiKeyStatus",
    "ArchiveCustomerBody",
    "AskCopilotInput",
    "AuditActorType",
    "AuditRecord",
    "AuditRecordAggregate",
    "AuditRecordAggregateDistinct",
    "AuditRecordAggregateGroup",
    "AuditRecordAggregateKey",
    "AuditRecordList",
    "AuditRecordsAggregateBucketBy",
    "AuditSurface",
    "BadRequestProblem",
    "BadRequestProblemCode",
    "BulkExport",
    "BulkExportError",
    "BulkExportFormat",
    "BulkExportList",
    "BulkExportProgress",
    "BulkExportStatus",
    "BulkMutation",
    "BulkMutationError",
    "BulkMutationList",
    "BulkMutationProgress",
    "BulkMutationStatus",
    "BulkUpload",
    "CancelOrderBody",
    "ClientSecret",
    "ConfigureIdentityProviderInput",
    "ConfirmOrderBody",
    "ConflictProblem",
    "ConflictProblemCode",
    "Connector",
    "ConnectorKind",
    "ConnectorList",
    "ConnectorMapping",
    "ConnectorMappingList",
    "ConnectorTestResult",
    "ConnectorUpload",
    "CreateAiTaskInput",
    "CreateApiKeyInput",
    "CreateBulkExportInput",
    "CreateBulkExportInputVariablesType0",
    "CreateBulkMutationInput",
    "CreateConnectorInput",
    "CreateConnectorInputConfig",
    "CreateConnectorInputCredentialsType0",
    "CreateCustomerInput",
    "CreateDraftFromExtractionInput",
    "CreateDraftFromExtractionInputKind",
    "CreateInventoryItemInput",
    "CreateInvoiceInput",
    "CreateOAuthClientInput",
    "CreateOrderInput",
    "CreateRoleInput",
    "CreateSavedOperationInput",
    "CreateWarehouseInput",
    "CreateWebhookEndpointInput",
    "CreateWebhookEndpointInputEventTypesItemType0",
    "CreateWorkflowInput",
    "CreateWorkflowInputDefinition",
    "CreatedOAuthClient",
    "Customer",
    "CustomerAddress",
    "CustomerAddressInput",
    "CustomerAddressInputCountry",
    "CustomerAggregate",
    "CustomerAggregateGroup",
    "CustomerAggregateKey",
    "CustomerContact",
    "CustomerContactInput",
    "CustomerList",
    "CustomersAggregateBucketBy",
    "DecideAiTaskInput",
    "DecideAiTaskInputDecision",
    "DecideWorkflowApprovalInput",
    "DecideWorkflowApprovalInputDecision",
    "DeleteConnectorBody",
    "DeleteInvoiceBody",
    "DeleteOrderBody",
    "DeleteSavedOperationBody",
    "DeleteWebhookEndpointBody",
    "DeleteWorkflowBody",
    "DisableWebhookEndpointBody",
    "DisableWorkflowBody",
    "EnableWebhookEndpointBody",
    "EnableWorkflowBody",
    "Environment",
    "Event",
    "EventAggregate",
    "EventAggregateDistinct",
    "EventAggregateGroup",
    "EventAggregateKey",
    "EventList",
    "EventResource",
    "EventSourceInfo",
    "EventSourceType",
    "EventsAggregateBucketBy",
    "ExtractDocumentInput",
    "ForbiddenProblem",
    "ForbiddenProblemCode",
    "FulfilOrderBody",
    "GatewayTimeoutProblem",
    "GatewayTimeoutProblemCode",
    "GoneProblem",
    "GoneProblemCode",
    "IdentityProvider",
    "InstallWorkflowTemplateInput",
    "InstallWorkflowTemplateInputParametersType0",
    "InternalErrorProblem",
    "InternalErrorProblemCode",
    "Introspection",
    "InventoryItem",
    "InventoryItemAggregate",
    "InventoryItemAggregateDistinct",
    "InventoryItemAggregateGroup",
    "InventoryItemAggregateKey",
    "InventoryItemList",
    "InventoryItemsAggregateBucketBy",
    "InviteUserInput",
    "Invoice",
    "InvoiceAggregate",
    "InvoiceAggregateDistinct",
    "InvoiceAggregateGroup",
    "InvoiceAggregateKey",
    "InvoiceLine",
    "InvoiceLineInput",
    "InvoiceList",
    "InvoiceStatus",
    "InvoicesAggregateBucketBy",
    "IssueInvoiceBody",
    "LedgerBalance",
    "LedgerEntriesAggregateBucketBy",
    "LedgerEntry",
    "LedgerEntryAggregate",
    "LedgerEntryAggregateDistinct",
    "LedgerEntryAggregateGroup",
    "LedgerEntryAggregateKey",
    "LedgerEntryList",
    "LedgerEntrySourceType",
    "LedgerLine",
    "LedgerLineAggregate",
    "LedgerLineAggregateDistinct",
    "LedgerLineAggregateGroup",
    "LedgerLineAggregateKey",
    "LedgerLineInput",
    "LedgerLinesAggregateBucketBy",
    "MappingError",
    "MappingPreview",
    "MappingPreviewRecord",
    "MappingSampleRecordInput",
    "MappingSampleRecordInputData",
    "MappingTarget",
    "MoneyAmount",
    "MoneyStatistics",
    "NotFoundProblem",
    "NotFoundProblemCode",
    "NumberStatistics",
    "OAuthClient",
    "OAuthClientList",
    "OAuthClientStatus",
    "OAuthError",
    "OauthIntrospectDataBody",
    "OauthIntrospectJsonBody",
    "OauthRevokeDataBody",
    "OauthRevokeDataBodyTokenTypeHint",
    "OauthRevokeJsonBody",
    "OauthRevokeJsonBodyTokenTypeHint",
    "OauthTokenDataBody",
    "OauthTokenDataBodyGrantType",
    "OauthTokenJsonBody",
    "OauthTokenJsonBodyGrantType",
    "Order",
    "OrderAggregate",
    "OrderAggregateDistinct",
    "OrderAggregateGroup",
    "OrderAggregateKey",
    "OrderKind",
    "OrderLine",
    "OrderLineAggregate",
    "OrderLineAggregateDistinct",
    "OrderLineAggregateGroup",
    "OrderLineAggregateKey",
    "OrderLineInput",
    "OrderLinesAggregateBucketBy",
    "OrderList",
    "OrderStatus",
    "OrdersAggregateBucketBy",
    "PageMeta",
    "PayInvoiceInput",
    "PayloadTooLargeProblem",
    "PayloadTooLargeProblemCode",
    "Plan",
    "PlatformEventType",
    "PostLedgerEntryInput",
    "PreconditionFailedProblem",
    "PreconditionFailedProblemCode",
    "PreviewConnectorMappingInput",
    "PreviewConnectorMappingInputDefinitionType0",
    "Problem",
    "ProblemCode",
    "ProblemErrorsItem",
    "PublishEventInput",
    "PublishEventInputData",
    "RateLimits",
    "ReceiveInventoryItemInput",
    "ReceiveOrderBody",
    "ReplaySyncFailuresInput",
    "ReplayWebhookEventsInput",
    "ResendWebhookEventInput",
    "Role",
    "RoleList",
    "RotateWebhookEndpointSecretInput",
    "RotateWorkflowSigningSecretBody",
    "RotationInput",
    "RuleViolationProblem",
    "RuleViolationProblemCode",
    "RunSavedOperationInput",
    "RunSavedOperationInputVariablesType0",
    "SaveConnectorMappingInput",
    "SaveConnectorMappingInputDefinition",
    "SavedOperation",
    "SavedOperationKind",
    "SavedOperationList",
    "SavedOperationResult",
    "SavedOperationRootField",
    "SavedOperationVariable",
    "Scope",
    "ScopeName",
    "ServiceUnavailableProblem",
    "ServiceUnavailableProblemCode",
    "StartSyncInput",
    "StartWorkflowRunInput",
    "StockMovement",
    "StockMovementAggregate",
    "StockMovementAggregateDistinct",
    "StockMovementAggregateGroup",
    "StockMovementAggregateKey",
    "StockMovementKind",
    "StockMovementList",
    "StockMovementsAggregateBucketBy",
    "SyncFailure",
    "SyncFailureList",
    "SyncJob",
    "SyncJobAggregate",
    "SyncJobAggregateDistinct",
    "SyncJobAggregateGroup",
    "SyncJobAggregateKey",
    "SyncJobDirection",
    "SyncJobList",
    "SyncJobState",
    "SyncJobTrigger",
    "SyncJobsAggregateBucketBy",
    "Tenant",
    "TimeBucket",
    "TokenResponse",
    "TokenResponseTokenType",
    "TooManyRequestsProblem",
    "TooManyRequestsProblemCode",
    "TransferInventoryItemInput",
    "UnarchiveCustomerBody",
    "UnauthorizedProblem",
    "UnauthorizedProblemCode",
    "UnsupportedMediaTypeProblem",
    "UnsupportedMediaTypeProblemCode",
    "UpdateConnectorInput",
    "UpdateConnectorInputConfigType0",
    "UpdateConnectorInputCredentialsType0",
    "UpdateCustomerInput",
    "UpdateInventoryItemInput",
    "UpdateInvoiceInput",
    "UpdateOrderInput",
    "UpdateRoleInput",
    "UpdateSavedOperationInput",
    "UpdateUserInput",
    "UpdateWarehouseInput",
    "UpdateWebhookEndpointInput",
    "UpdateWebhookEndpointInputEventTypesItemType0",
    "UpdateWorkflowInput",
    "UpdateWorkflowInputDefinitionType0",
    "UploadConnectorFileBody",
    "User",
    "UserInvitation",
    "UserList",
    "UserPasswordReset",
    "UserStatus",
    "VoidInvoiceBody",
    "Warehouse",
    "WarehouseList",
    "WebhookAttempt",
    "WebhookDeliveriesAggregateBucketBy",
    "WebhookDelivery",
    "WebhookDeliveryAggregate",
    "WebhookDeliveryAggregateDistinct",
    "WebhookDeliveryAggregateGroup",
    "WebhookDeliveryAggregateKey",
    "WebhookDeliveryList",
    "WebhookDeliveryStatus",
    "WebhookDeliveryTrigger",
    "WebhookEndpoint",
    "WebhookEndpointList",
    "WebhookEndpointStatus",
    "WebhookEndpointWithSecret",
    "WebhookPingResult",
    "WebhookRedeliveryResult",
    "Workflow",
    "WorkflowList",
    "WorkflowRun",
    "WorkflowRunAggregate",
    "WorkflowRunAggregateDistinct",
    "WorkflowRunAggregateGroup",
    "WorkflowRunAggregateKey",
    "WorkflowRunError",
    "WorkflowRunList",
    "WorkflowRunStatus",
    "WorkflowRunStep",
    "WorkflowRunStepList",
    "WorkflowRunTrigger",
    "WorkflowRunWaiting",
    "WorkflowRunsAggregateBucketBy",
    "WorkflowStepStatus",
    "WorkflowTemplate",
    "WorkflowTriggerType",
    "WorkflowVersion",
    "WorkflowVersionList",
    "WorkflowWithSecret",
)
