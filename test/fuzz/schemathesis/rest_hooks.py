"""Schemathesis hooks of the REST run (loaded through SCHEMATHESIS_HOOKS by test/fuzz/schemathesis.ts).

`platform_positive_data_acceptance` replaces Schemathesis's `positive_data_acceptance` ("a
schema-valid request must not be refused"), with one difference: before counting a refused request
as schema-valid, it checks the body that was actually sent against the operation's body schema
in the published document. Schemathesis sometimes labels as valid a body that its schema refuses
(it sent `{"lines": …, "version": …}` to `POST /v1/finance/invoices/{id}/issue`, whose body
allows only `version`: in the stateful phase from an earlier response, its issue #2983, and later
in the fuzzing phase too); refusing such a body is what the document asks, so it is not a failure.
Every other case goes to Schemathesis's own check, with its settings
(`[checks.positive_data_acceptance]` in schemathesis.toml).
"""

import schemathesis
from schemathesis.core import NOT_SET
from schemathesis.specs.openapi.checks import positive_data_acceptance


def _sent_body_refused_by_its_schema(case):
    # Only JSON bodies are checked against their schema (a raw upload is bytes: nothing to check).
    media_type = (case.media_type or "").split(";")[0].strip().lower()
    if case.body is NOT_SET or not (media_type == "application/json" or media_type.endswith("+json")):
        return False
    bodies = [body for body in case.operation.body if body.media_type == case.media_type]
    return bool(bodies) and not bodies[0].is_valid(case.body)


@schemathesis.check
def platform_positive_data_acceptance(ctx, response, case):
    """Schemathesis's positive_data_acceptance, for bodies that really are valid."""
    if case.meta is not None and case.meta.generation.mode.is_positive and _sent_body_refused_by_its_schema(case):
        return None
    return positive_data_acceptance(ctx, response, case)


# A bulk mutation's upload (`POST /v1/bulk/uploads`) is raw bytes of JSON lines: sent as Schemathesis
# sends `application/octet-stream` bodies (the document states `format: binary`).
schemathesis.serializer.alias("application/x-ndjson", "application/octet-stream")
