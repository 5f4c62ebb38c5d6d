from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CreateBulkMutationInput")


@_attrs_define
class CreateBulkMutationInput:
    """The mutation to run and the upload whose lines are its variables.

    Attributes:
        mutation (str): A GraphQL document of exactly one mutation operation selecting exactly one root field (e.g.
            `mutation($input: CreateCustomerInput!) { create_customer(input: $input) { id } }`); each line of the upload is
            one run of it, the line being its variables. Up to 20000 characters.
        upload_id (str): The upload (`POST /v1/bulk/uploads`, `bku_…`) whose lines to run.
    """

    mutation: str
    upload_id: str

    def to_dict(self) -> dict[str, Any]:
        mutation = self.mutation

        upload_id = self.upload_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "mutation": mutation,
                "upload_id": upload_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        mutation = d.pop("mutation")

        upload_id = d.pop("upload_id")

        create_bulk_mutation_input = cls(
            mutation=mutation,
            upload_id=upload_id,
        )

        return create_bulk_mutation_input
