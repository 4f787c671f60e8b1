"""An account's partnership status and legal documents (its credit settings:
`api.partner.accounts.credit_limits`).

- The partnership is accepted when the account opens; closing it cancels the partnership
  (`Canceling` while the account is Closing, `Canceled` once Closed).
- Its one legal document is the bank's terms and conditions (`SwanTCU`) in the account's
  language, active since the account opened, at the address `ProjectInfo.tcuDocumentUri`
  gives (nothing is served there).
"""

from __future__ import annotations

import uuid
from typing import Any

from ariadne import ObjectType
from ariadne.types import SchemaBindable

from ....graphql_compat import ResolveInfo

account = ObjectType("Account")
bindables: list[SchemaBindable] = [account]


@account.field("partnershipStatusInfo")
def resolve_partnership(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    accepted = row.get("opened_at") or row["created_at"]
    if row["status"] == "Closed":
        return {
            "__typename": "PartnershipCanceledStatusInfo",
            "status": "Canceled",
            "accepted_date": accepted,
            "canceled_date": row.get("closed_at") or row["updated_at"],
            "reason": row.get("status_reason") or "The account was closed.",
        }
    if row["status"] == "Closing":
        return {
            "__typename": "PartnershipCancelingStatusInfo",
            "status": "Canceling",
            "accepted_date": accepted,
            "canceled_after": row.get("closing_at") or row["updated_at"],
        }
    return {
        "__typename": "PartnershipAcceptedStatusInfo",
        "status": "Accepted",
        "accepted_date": accepted,
    }


def terms_document(row: dict[str, Any]) -> dict[str, Any]:
    """The account's terms and conditions as a `LegalDocument`."""
    language = row.get("language") or "en"
    since = row.get("opened_at") or row["created_at"]
    return {
        "id": str(uuid.uuid5(uuid.NAMESPACE_URL, f"simulator:terms:{row['id']}")),
        "type": "SwanTCU",
        "language": language,
        "url": f"https://cdn.invalid/terms/{row['project_id']}/{language}.pdf",
        "status_info": {
            "__typename": "LegalDocumentActiveStatusInfo",
            "status": "Active",
            "created_at": since,
            "activated_at": since,
        },
    }


@account.field("legalDocuments")
def resolve_legal_documents(
    row: dict[str, Any],
    _: ResolveInfo,
    first: int = 50,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
) -> dict[str, Any]:
    wanted = filters or {}
    document = terms_document(row)
    documents = [document] if after is None and first > 0 else []
    if wanted.get("status") not in (None, "Active") or wanted.get("type") not in (None, "SwanTCU"):
        documents = []
    edges = [{"cursor": d["id"], "node": d} for d in documents]
    return {
        "total_count": len(edges),
        "page_info": {
            "has_next_page": False,
            "has_previous_page": after is not None,
            "start_cursor": edges[0]["cursor"] if edges else None,
            "end_cursor": edges[-1]["cursor"] if edges else None,
        },
        "edges": edges,
    }


__all__ = ["bindables", "terms_document"]
