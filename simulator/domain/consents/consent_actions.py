"""A partner's own consent actions: `acceptConsent` and `createMultiConsent`.

A multi-consent is a consent of purpose `ConsentToMultipleConsents` whose children (up to
100 consents in status `Created`, of one user) are approved together, in their `order`,
when the user approves it on the consent page. A child that fails fails the multi-consent
(children accepted before it stay accepted, those after it are canceled); refused, canceled
or expired, it ends its children the same way.

```python
parent = create_multi_consent(env, principal, [(card_consent, 0), (payment_consent, 1)],
                              "https://partner.example/done")
```
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...storage import Database, rows_where, update_row
from ...storage.rows import ConsentRow
from ..kernel.context import Environment, Principal
from ..kernel.projects import validate_redirect_uri
from ..kernel.rejections import Rejected, consent_not_found, rejection
from ..kernel.wiring import ConsentHandler
from . import consents

__all__ = ["MULTI_CONSENT_HANDLER", "MULTI_PURPOSE", "accept_consent", "create_multi_consent"]

MULTI_PURPOSE = "ConsentToMultipleConsents"
#: The real service's limit on the children of one multi-consent.
MAX_CHILDREN = 100
#: The purposes `acceptConsent` may accept without the consent page: those that change
#: nothing (the simulator's `Generic`). Every real purpose asks for the user's strong
#: authentication on the consent page.
ACCEPTABLE_WITHOUT_PAGE = ("Generic",)


def accept_consent(env: Environment, principal: Principal, consent_id: str) -> ConsentRow:
    """The consent's own user accepts it through the API (a user token, or a project token
    acting for that user)."""
    if principal.user_id is None:
        message = "acceptConsent acts for a user: use a user access token."
        raise Rejected(rejection("OperationNotAllowedRejection", message))
    with env.store.atomic() as db:
        found = db.execute("SELECT status FROM users WHERE id = ?", [principal.user_id]).fetchone()
        if found is None:
            message = f"No user {principal.user_id}."
            raise Rejected(rejection("UserNotFoundRejection", message, id=principal.user_id))
        if (found[0] or "Active") != "Active":
            message = f"The user is {found[0]}: it accepts no consent."
            raise Rejected(rejection("NotAllowedUserStatusRejection", message))
        consent = _own(db, principal, consent_id)
        if consent["user_id"] not in (None, principal.user_id):
            raise Rejected(consent_not_found(consent_id))
        if consent["purpose"] not in ACCEPTABLE_WITHOUT_PAGE:
            message = (
                f"A consent of purpose {consent['purpose']} is accepted on its consent page, "
                "where the user authenticates."
            )
            raise Rejected(rejection("AcceptConsentNotAllowedForConsentPurposeRejection", message))
        if consent["status"] == "Created":
            consent = consents._start(env, db, consent, principal.user_id)
        return consents._approve(env, db, consent)


def _own(db: Database, principal: Principal, consent_id: str) -> ConsentRow:
    rows = list(
        rows_where(db, "consents", "id = ? AND project_id = ?", [consent_id, principal.project_id])
    )
    if not rows:
        raise Rejected(consent_not_found(consent_id))
    return rows[0]


def create_multi_consent(
    env: Environment,
    principal: Principal,
    ordered: Sequence[tuple[str, int]],
    redirect_url: str,
) -> ConsentRow:
    """One consent for the consents `ordered` (`(consent id, order)` pairs) of one user."""
    validate_redirect_uri(redirect_url)
    ids = [consent_id for consent_id, _ in ordered]
    if not ids or len(ids) > MAX_CHILDREN or len(set(ids)) != len(ids):
        message = f"A multi-consent has 1 to {MAX_CHILDREN} different consents."
        raise Rejected(rejection("TooManyChildConsentsRejection", message))
    with env.store.atomic() as db:
        children = _children(db, principal, ids)
        users = {child["user_id"] for child in children}
        if len(users) != 1:
            message = "The consents of a multi-consent are those of one user."
            raise Rejected(rejection("ConsentsNotFoundRejection", message, ids=ids))
        parent = consents.open_consent(
            env,
            db,
            project_id=principal.project_id,
            purpose=MULTI_PURPOSE,
            redirect_url=redirect_url,
            user_id=None,  # set below: auto consent must not approve before the children link
            resource_id=None,
        )
        for consent_id, order in ordered:
            update_row(
                db,
                "consents",
                consent_id,
                {"parent_consent_id": parent["id"], "child_order": order},
            )
        (user_id,) = users
        update_row(db, "consents", parent["id"], {"user_id": user_id})
        return consents._load(db, parent["id"]) or parent


def _children(db: Database, principal: Principal, ids: list[str]) -> list[ConsentRow]:
    marks = ", ".join("?" for _ in ids)
    where = f"project_id = ? AND id IN ({marks})"
    params: list[Any] = [principal.project_id, *ids]
    if principal.user_id is not None:
        where += " AND user_id = ?"
        params.append(principal.user_id)
    rows = {row["id"]: row for row in rows_where(db, "consents", where, params)}
    missing = [consent_id for consent_id in ids if consent_id not in rows]
    if missing:
        message = f"No consent {', '.join(missing)}."
        raise Rejected(rejection("ConsentsNotFoundRejection", message, ids=missing))
    linked = [i for i in ids if rows[i]["parent_consent_id"] or rows[i]["purpose"] == MULTI_PURPOSE]
    if linked:
        message = "These consents already belong to a multi-consent."
        raise Rejected(
            rejection("ConsentsAlreadyLinkedToMultiConsentRejection", message, consent_ids=linked)
        )
    not_created = [i for i in ids if rows[i]["status"] != "Created"]
    if not_created:
        message = "Every consent of a multi-consent must be in status Created."
        raise Rejected(
            rejection("ConsentsNotAllInCreatedStatusRejection", message, consent_ids=not_created)
        )
    return [rows[i] for i in ids]


def _linked(db: Database, parent_id: str) -> list[ConsentRow]:
    return list(
        rows_where(
            db,
            "consents",
            "parent_consent_id = ?",
            [parent_id],
            order_by="child_order, created_at, id",
        )
    )


def _on_accepted(env: Environment, db: Database, parent: ConsentRow) -> None:
    """Apply the children in order. A child that fails fails the multi-consent: those
    accepted before it stay accepted, those after it are canceled."""
    children = _linked(db, parent["id"])
    for index, child in enumerate(children):
        if child["status"] == "Created":
            child = consents._start(env, db, child, parent["user_id"])
        if child["status"] == "Started":
            child = consents._approve(env, db, child)
        if child["status"] == "Failed":
            for waiting in children[index + 1 :]:
                row = consents._load(db, waiting["id"])
                if row is not None and row["status"] in consents.OPEN_STATUSES:
                    consents._end(env, db, row, "Canceled")
            reason = f"Consent {child['id']} could not be applied: {child.get('status_reason')}"
            consents._move(env, db, parent, "Failed", status_reason=reason)
            return


def _on_ended(env: Environment, db: Database, parent: ConsentRow, status: str) -> None:
    for child in _linked(db, parent["id"]):
        if child["status"] not in consents.OPEN_STATUSES:
            continue
        if child["status"] == "Created" and status not in consents.TRANSITIONS["Created"]:
            child = consents._start(env, db, child, parent["user_id"])
        consents._end(env, db, child, status)


MULTI_CONSENT_HANDLER = ConsentHandler(on_accepted=_on_accepted, on_ended=_on_ended)
