"""Tables of onboarding: account holder onboardings, their supporting document collections
and the documents in them.

What a partner sends about the future account admin and company is kept as JSON text
(`account_admin`, `company`): the onboarding checks it on every read, and finalizing
copies what the holder needs into `account_holders`.
"""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from .._schema import Alter, Table, apply

migrations = Migrations("onboarding")

_PROJECTS = ("project_id", "projects", "id")

ONBOARDINGS = Table(
    "onboardings",
    {
        "id": str,
        "project_id": str,
        "type": str,  # Individual | Company
        "account_name": str,
        "account_country": str,  # AccountCountry (CCA3)
        "account_admin": str,  # JSON object of the admin input's fields
        "company": str,  # JSON object of CompanyInfoInput's fields (companies only)
        "email": str,  # the admin's email, copied out for the `email` filter
        "redirect_url": str,
        "state": str,
        "finalized": int,
        "finalized_at": str,
        "user_id": str,  # the user who signed in with this onboarding id (/oauth2/auth)
        "holder_id": str,
        "account_id": str,
        "collection_id": str,
        "created_at": str,
        "updated_at": str,
    },
    pk="id",
    not_null={"project_id", "type", "account_country", "finalized", "created_at", "updated_at"},
    defaults={"finalized": 0},
    foreign_keys=[_PROJECTS],
    indexes=[("project_id", "created_at", "id")],
)

COLLECTIONS = Table(
    "supporting_document_collections",
    {
        "id": str,
        "project_id": str,
        "onboarding_id": str,
        "type": str,  # SupportingDocumentCollectionType
        "status": str,  # SupportingDocumentCollectionStatus
        "status_at": str,  # when it reached its status
        "created_at": str,
        "updated_at": str,
    },
    pk="id",
    not_null={"project_id", "type", "status", "created_at", "updated_at"},
    foreign_keys=[_PROJECTS, ("onboarding_id", "onboardings", "id")],
    indexes=[("project_id", "created_at", "id")],
)

DOCUMENTS = Table(
    "supporting_documents",
    {
        "id": str,
        "project_id": str,
        "collection_id": str,
        "purpose": str,  # SupportingDocumentPurposeEnum
        "document_type": str,  # SupportingDocumentType
        "filename": str,
        "status": str,  # SupportingDocumentStatus
        "reason_code": str,
        "status_at": str,
        "created_at": str,
        "updated_at": str,
    },
    pk="id",
    not_null={"project_id", "collection_id", "purpose", "status", "created_at", "updated_at"},
    foreign_keys=[_PROJECTS, ("collection_id", "supporting_document_collections", "id")],
    indexes=[("collection_id", "created_at", "id")],
)


@migrations()
def m001_onboarding(db: sqlite_utils.Database) -> None:
    apply(db, ONBOARDINGS, COLLECTIONS, DOCUMENTS)


#: A project's onboarding settings; no row means the defaults (public onboarding on).
SETTINGS = Table(
    "onboarding_settings",
    {
        "project_id": str,
        "public_onboarding": int,  # 1: the createPublic/updatePublic mutations work
        "updated_at": str,
    },
    pk="project_id",
    not_null={"public_onboarding", "updated_at"},
    foreign_keys=[_PROJECTS],
)


@migrations()
def m002_onboarding_settings(db: sqlite_utils.Database) -> None:
    apply(db, SETTINGS)


@migrations()
def m003_requested_purposes(db: sqlite_utils.Database) -> None:
    # The purposes the bank asked for on top of the onboarding's (requestSupportingDocuments):
    # a JSON list of {"purpose", "details"}.
    apply(db, Alter("supporting_document_collections", {"requested_purposes": str}))


@migrations()
def m004_transaction_collections(db: sqlite_utils.Database) -> None:
    # A collection of type Transaction (generateTransactionSupportingDocumentUploadUrl) has a
    # transaction instead of an onboarding.
    apply(db, Alter("supporting_document_collections", {"transaction_id": str}))


@migrations()
def m005_verification_renewals(db: sqlite_utils.Database) -> None:
    apply(
        db,
        Table(
            "verification_renewals",
            # The bank asking a holder to confirm or update what it knows of them: `info` is
            # the JSON of VerificationRenewalInfo (snake_case keys), `requirements` a JSON list
            # of VerificationRenewalRequirement; `collection_id` its documents' collection.
            {
                "id": str,
                "project_id": str,
                "account_holder_id": str,
                "type": str,  # AccountHolderType
                "status": str,  # VerificationRenewalStatus
                "info": str,
                "requirements": str,
                "due_date": str,
                "collection_id": str,
                "status_at": str,  # when it reached its status
                "created_at": str,
                "updated_at": str,
            },
            pk="id",
            not_null={"project_id", "account_holder_id", "type", "status", "info", "created_at"},
            foreign_keys=[
                _PROJECTS,
                ("account_holder_id", "account_holders", "id"),
                ("collection_id", "supporting_document_collections", "id"),
            ],
            indexes=[("account_holder_id",)],
        ),
    )


@migrations()
def m006_account_admin_changes(db: sqlite_utils.Database) -> None:
    apply(
        db,
        Table(
            "account_admin_changes",
            # A company holder replacing its account admin (legal representative): `admin` and
            # `requester` are JSON objects of the public input's fields (snake_case keys);
            # `collection_id` the documents' collection (type AccountAdminChange).
            {
                "id": str,
                "project_id": str,
                "account_holder_id": str,
                "status": str,  # AccountAdminChangeStatus
                "reason": str,  # AccountAdminChangeReason
                "is_new_admin_legal_representative": int,
                "is_requester_new_admin": int,
                "admin": str,
                "requester": str,
                "collection_id": str,
                "expires_at": str,  # an Ongoing change not finalized by then is Expired
                "status_at": str,
                "created_at": str,
                "updated_at": str,
            },
            pk="id",
            not_null={"project_id", "account_holder_id", "status", "created_at", "updated_at"},
            foreign_keys=[
                _PROJECTS,
                ("account_holder_id", "account_holders", "id"),
                ("collection_id", "supporting_document_collections", "id"),
            ],
            indexes=[("account_holder_id",), ("collection_id",)],
        ),
    )


@migrations()
def m007_validation_version(db: sqlite_utils.Database) -> None:
    # The validation rules an onboarding follows (OnboardingValidationVersion): V1 for those
    # the deprecated onboardIndividualAccountHolder / onboardCompanyAccountHolder create,
    # V2 for every other; no value (older rows) reads V2.
    apply(db, Alter("onboardings", {"validation_version": str}))
