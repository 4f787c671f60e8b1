"""Tables of capital deposits: a company's capital deposit case, its shareholders, and the
documents the case and each shareholder need."""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from .._schema import Table, apply

migrations = Migrations("capital_deposits")

_PROJECTS = ("project_id", "projects", "id")


@migrations()
def m001_capital_deposits(db: sqlite_utils.Database) -> None:
    apply(
        db,
        Table(
            "capital_deposit_cases",
            {
                "id": str,
                "project_id": str,
                "company_name": str,
                "company_onboarding_id": str,
                "company_account_id": str,
                "status": str,  # CapitalDepositStatus
                "cancel_reason": str,  # CapitalDepositCaseCancellationReasonType
                "total_amount": str,  # EUR, the sum of the shareholders' amounts
                "created_at": str,
                "updated_at": str,
            },
            pk="id",
            not_null=("project_id", "company_name", "status", "created_at", "updated_at"),
            foreign_keys=[_PROJECTS],
            indexes=[("project_id", "created_at", "id")],
        ),
        Table(
            "capital_deposit_shareholders",
            {
                "id": str,
                "project_id": str,
                "case_id": str,
                "type": str,  # Individual | Company
                "name": str,  # a company shareholder's name
                "first_name": str,
                "last_name": str,
                "birth_date": str,
                "nationality": str,
                "amount": str,  # EUR
                "onboarding_id": str,
                "status": str,  # ShareholderStatus
                "created_at": str,
                "updated_at": str,
            },
            pk="id",
            not_null=("project_id", "case_id", "type", "amount", "status"),
            foreign_keys=[_PROJECTS, ("case_id", "capital_deposit_cases", "id")],
            indexes=[("case_id", "created_at", "id")],
        ),
        Table(
            "capital_deposit_documents",
            {
                "id": str,
                "project_id": str,
                "case_id": str,
                "shareholder_id": str,  # NULL: a document of the case (the company's)
                "type": str,  # CapitalDepositDocumentType
                "status": str,  # Pending | Uploaded | Validated | Refused
                "reason_code": str,  # DocumentReasonCode, when Refused
                "filename": str,
                "upload_token": str,  # SHA-256 of the secret part of the upload URL
                "upload_expires_at": str,
                "uploaded_at": str,
                "size": int,  # bytes received
                "created_at": str,
                "updated_at": str,
            },
            pk="id",
            not_null=("project_id", "case_id", "type", "status"),
            foreign_keys=[_PROJECTS, ("case_id", "capital_deposit_cases", "id")],
            indexes=[("case_id", "created_at", "id"), ("upload_token",)],
        ),
    )
