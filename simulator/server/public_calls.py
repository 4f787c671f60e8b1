"""The partner API's public root fields, called without a token (issue 34).

The real partner API serves a few root fields to callers without any token: the public
onboarding a partner's sign-up form (or the onboarding app's server) creates, reads and
updates by its id. A request to the partner endpoint with no `Authorization` header whose
operation selects only these fields runs as the project the operation names (its
`projectId`, or the project of the onboarding whose id it gives); `legalForms`, reference
data, runs as no project; any other tokenless request is a 401, as before.

What such a caller may select is bounded: no field leading from the onboarding to the
project's accounts, holders, users, cards or transactions (an onboarding's `account`, a
collection's `accountHolder`), which the real public onboarding does not publish either.
"""

from __future__ import annotations

from typing import Any

from graphql import (
    DocumentNode,
    FieldNode,
    GraphQLError,
    GraphQLSchema,
    OperationDefinitionNode,
    TypeInfo,
    Visitor,
    get_named_type,
    value_from_ast_untyped,
    visit,
)
from graphql.utilities import TypeInfoVisitor

from ..domain.kernel.context import Environment
from ..limits.document_memo import parse_remembered

__all__ = ["PROJECTLESS_FIELDS", "PUBLIC_FIELDS", "public_project", "reaches_private_data"]

NO_PROJECT = ""

#: Root field -> (the table of the row its argument names, the path of that argument).
PUBLIC_FIELDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "publicAccountHolderOnboarding": ("onboardings", ("id",)),
    "createPublicIndividualAccountHolderOnboarding": ("projects", ("input", "projectId")),
    "createPublicCompanyAccountHolderOnboarding": ("projects", ("input", "projectId")),
    "updatePublicIndividualAccountHolderOnboarding": ("onboardings", ("input", "onboardingId")),
    # The real schema's text restricts this one to a project token, yet the open-source
    # onboarding app's company steps send it with none and work against the real service:
    # what the service does wins over its description (docs/fidelity.md, "The real front-end").
    "updatePublicCompanyAccountHolderOnboarding": ("onboardings", ("input", "onboardingId")),
    # The same for the company steps' documents: the app asks for an upload URL (and deletes
    # a wrong file) of the onboarding's own collection with no token.
    "generateSupportingDocumentUploadUrl": (
        "supporting_document_collections",
        ("input", "supportingDocumentCollectionId"),
    ),
    "deleteSupportingDocument": ("supporting_documents", ("input", "id")),
}
#: Public root fields that read reference data of no project (the company step's legal
#: forms, which the onboarding app asks without a token).
PROJECTLESS_FIELDS = frozenset({"legalForms"})

#: Types a public call never reaches: the project's banking data beyond the onboarding.
_PRIVATE_TYPES = frozenset(
    {
        "Account",
        "AccountHolder",
        "AccountMembership",
        "Card",
        "Onboarding",
        "Transaction",
        "TransactionConnection",
        "User",
    }
)


def _argument(node: FieldNode, path: tuple[str, ...], variables: dict[str, Any]) -> Any:
    arguments = {a.name.value: a.value for a in node.arguments or ()}
    if path[0] not in arguments:
        return None
    value = value_from_ast_untyped(arguments[path[0]], variables)
    for key in path[1:]:
        value = value.get(key) if isinstance(value, dict) else None
    return value


def public_project(
    environment: Environment,
    query: str,
    operation_name: str | None,
    variables: dict[str, Any] | None,
) -> str | None:
    """The project a tokenless operation runs as: the one its public fields name (`""`, no
    project, when what they name does not exist); `None` when the operation selects
    anything but public fields at its root, or names two projects."""
    try:
        document = parse_remembered(query)
    except GraphQLError:  # unparsable or too deep: simply not a public call
        return None
    operations = [
        d
        for d in document.definitions
        if isinstance(d, OperationDefinitionNode)
        and (operation_name is None or (d.name is not None and d.name.value == operation_name))
    ]
    if len(operations) != 1:
        return None
    projects: set[str] = set()
    for node in operations[0].selection_set.selections:
        if not isinstance(node, FieldNode):
            return None  # fragments at the root: not the shape of a public call
        if node.name.value == "__typename" or node.name.value in PROJECTLESS_FIELDS:
            continue
        if node.name.value not in PUBLIC_FIELDS:
            return None
        table, path = PUBLIC_FIELDS[node.name.value]
        named = _argument(node, path, variables or {})
        owner = "id" if table == "projects" else "project_id"
        row = (
            environment.store.db.execute(
                # Both names come from PUBLIC_FIELDS, never from the request.
                f"SELECT {owner} FROM {table} WHERE id = ?",
                [named],
            ).fetchone()
            if isinstance(named, str)
            else None
        )
        projects.add(str(row[0]) if row else NO_PROJECT)
    if not projects:  # reference data alone: no project
        return NO_PROJECT if _selects_any(operations[0]) else None
    return projects.pop() if len(projects) == 1 else None


def _selects_any(operation: OperationDefinitionNode) -> bool:
    """Whether the operation selects a project-less public field (not `__typename` alone)."""
    return any(
        isinstance(node, FieldNode) and node.name.value in PROJECTLESS_FIELDS
        for node in operation.selection_set.selections
    )


def reaches_private_data(schema: GraphQLSchema, document: DocumentNode) -> str | None:
    """The first field of `document` that leads to data a public call does not see, as
    `Type.field`; `None` when there is none."""
    info = TypeInfo(schema)
    found: list[str] = []

    class Watch(Visitor):
        def enter_field(self, node: FieldNode, *_: Any) -> None:
            field = info.get_field_def()
            parent = info.get_parent_type()
            private = field is not None and get_named_type(field.type).name in _PRIVATE_TYPES
            if private and parent is not None and not found:
                found.append(f"{parent.name}.{node.name.value}")

    visit(document, TypeInfoVisitor(info, Watch()))
    return found[0] if found else None
