"""Funding requests (`initiateFundingRequest`): pull money from an Enabled funding source into
its account. The payment is `ConsentPending` until the user accepts the
`InitiateFundingRequest` consent (`InitiateInstantFundingRequest` with `isInstant`); then
`Initiated`, with a `Pending` `SepaDirectDebitIn` credit collected under the source's
mandate (`Rejected` if the consent is refused, expires or is canceled). The amount must fit
the holder's funding limits (`domain.funding_limits`); `requestedExecutionAt` schedules the
debit up to a year ahead.
"""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Any, Final

from ...clock import format_timestamp, parse_timestamp
from ...exceptions import InvalidTimestamp
from ...storage import Database, get_row, update_row
from ...storage.rows import ConsentRow, FundingSourceRow, PaymentChanges, PaymentRow
from ..accounts.account_lifecycle import consent_user
from ..accounts.ledger import record_transaction
from ..consents.consents import ConsentHandler, open_consent
from ..kernel.access import require_permission
from ..kernel.context import Environment, Principal
from ..kernel.idempotency import fingerprint, recall, remember
from ..kernel.money import amount_text, to_decimal
from ..kernel.rejections import Rejected, forbidden, rejection, validation, validation_error
from ..kernel.validation import Checks
from ..payments.payments import insert_payment, payment_consent
from .funding import holder_name, visible_source
from .funding_limits import check_funding_limits

__all__ = ["FUNDING_PURPOSES", "REQUEST_HANDLER", "initiate_funding_request"]

_SOURCES: Final = "funding_sources"
_MANDATES: Final = "payment_mandates"
#: The consent purpose of a funding request, by `isInstant`.
FUNDING_PURPOSES = {False: "InitiateFundingRequest", True: "InitiateInstantFundingRequest"}
OPERATION = "initiateFundingRequest"
_SCHEDULE_LIMIT = timedelta(days=366)


def _request_input(data: dict[str, Any]) -> tuple[str, Decimal, dict[str, Any]]:
    checks = Checks()
    url = checks.url(data.get("consent_redirect_url"), ["input", "consentRedirectUrl"])
    amount = data.get("amount") or {}
    value = checks.amount(
        amount.get("value"), ["input", "amount", "value"], currency=amount.get("currency")
    )
    fields = {
        "label": checks.text(data.get("label"), ["input", "label"], required=False),
        "reference": checks.text(
            data.get("reference"), ["input", "reference"], required=False, max_length=35
        ),
        "key": checks.text(
            data.get("idempotency_key"), ["input", "idempotencyKey"], required=False, max_length=100
        ),
        "instant": bool(data.get("is_instant")),
        "requested": _requested(checks, data.get("requested_execution_at")),
    }
    checks.raise_if_any()
    assert url is not None and value is not None
    return url, value, fields


def _requested(checks: Checks, value: Any) -> str | None:
    """`requestedExecutionAt` in the stored form; checked against the clock once known."""
    if value is None:
        return None
    try:
        return format_timestamp(parse_timestamp(value))
    except InvalidTimestamp as error:
        checks.fail("InvalidFormat", str(error), ["input", "requestedExecutionAt"])
        return None


def _check_requested(env: Environment, requested: str | None) -> None:
    # Scheduled at most a year ahead (the real service's rule), never in the past.
    now = parse_timestamp(env.now())
    if requested is not None and not now <= parse_timestamp(requested) <= now + _SCHEDULE_LIMIT:
        raise Rejected(
            validation(
                [
                    validation_error(
                        "OutOfRange",
                        "requestedExecutionAt must be from now to a year ahead.",
                        ["input", "requestedExecutionAt"],
                    )
                ]
            )
        )


def _wrong_status(source: FundingSourceRow) -> Rejected:
    return Rejected(
        rejection(
            "FundingSourceWrongStatusRejection",
            f"Funding source {source['id']} is {source['status']}; it must be Enabled.",
            current_status=source["status"],
            expected_status="Enabled",
        )
    )


def initiate_funding_request(
    env: Environment, principal: Principal, data: dict[str, Any]
) -> tuple[PaymentRow, ConsentRow | None]:
    """Ask to pull `amount` from an Enabled funding source into its account: the payment
    (`ConsentPending`, or already `Initiated` for an auto-consent user) and its consent."""
    url, value, fields = _request_input(data)
    _check_requested(env, fields["requested"])
    source_id = data.get("funding_source_id") or ""
    request_hash = fingerprint(
        {
            "source": source_id,
            "amount": amount_text(value),
            "url": url,
            "instant": fields["instant"],
        }
    )
    with env.store.atomic() as db:
        source = visible_source(db, principal, source_id, typed=True)
        require_permission(db, principal, source["account_id"], "can_initiate_payments")
        project_id = source["project_id"]
        key = fields["key"]
        if key is not None:
            previous = recall(
                env, db, project_id=project_id, operation=OPERATION, key=key,
                request_hash=request_hash,
            )  # fmt: skip
            if previous is not None:
                payment = get_row(db, "payments", previous)
                return payment, payment_consent(env, payment)
        if source["status"] != "Enabled":
            raise _wrong_status(source)
        if source["verification_status"] == "Rejected":
            raise Rejected(
                rejection(
                    "AccountVerificationWrongStatusRejection",
                    f"The verification of funding source {source_id} was rejected.",
                )
            )
        account = get_row(db, "accounts", source["account_id"])
        if account["status"] != "Opened":
            raise Rejected(forbidden(f"Account {account['id']} is {account['status']}."))
        holder = get_row(db, "account_holders", source["account_holder_id"])
        check_funding_limits(env, db, holder, value, instant=fields["instant"])
        payment = insert_payment(env, db, account, [], key)
        update_row(
            db,
            "payments",
            payment["id"],
            {
                "funding_source_id": source_id,
                "funding_amount": amount_text(value),
                "funding_label": fields["label"],
                "funding_reference": fields["reference"],
                "funding_instant": int(fields["instant"]),
                "funding_requested_at": fields["requested"],
            },
        )
        consent = open_consent(
            env,
            db,
            project_id=project_id,
            purpose=FUNDING_PURPOSES[fields["instant"]],
            redirect_url=url,
            user_id=consent_user(db, principal, account["id"]),
            resource_id=payment["id"],
            link=lambda consent_id: update_row(
                db, "payments", payment["id"], {"consent_id": consent_id}
            ),
        )
        if key is not None:
            remember(
                env, db, project_id=project_id, operation=OPERATION, key=key,
                request_hash=request_hash, resource_id=payment["id"],
            )  # fmt: skip
        return get_row(db, "payments", payment["id"]), get_row(db, "consents", consent["id"])


def _collect(env: Environment, db: Database, consent: ConsentRow) -> None:
    payment = get_row(db, "payments", consent["resource_id"])
    if payment["status"] != "ConsentPending":
        return
    source = get_row(db, _SOURCES, payment["funding_source_id"])
    if source["status"] != "Enabled":
        raise _wrong_status(source)
    holder = get_row(db, "account_holders", source["account_holder_id"])
    mandate = get_row(db, _MANDATES, source["payment_mandate_id"])
    value = to_decimal(payment["funding_amount"])
    record_transaction(
        env,
        db,
        project_id=payment["project_id"],
        account_id=payment["account_id"],
        type="SepaDirectDebitIn",
        amount=value,
        label=payment.get("funding_label")
        or f"Funding from {source.get('name') or source['iban']}",
        counterparty=holder_name(holder),
        counterparty_iban=source["iban"],
        counterparty_bic=source.get("bic"),
        reference=payment.get("funding_reference") or mandate["reference"],
        mode="Instant" if payment.get("funding_instant") else "Regular",
        payment_id=payment["id"],
        payment_mandate_id=mandate["id"],
        execution_date=payment.get("funding_requested_at") or env.now(),
    )
    update_row(db, _MANDATES, mandate["id"], {"executed_at": env.now()})
    now = env.now()
    update_row(db, "payments", payment["id"], {"status": "Initiated", "updated_at": now})


def _not_collected(env: Environment, db: Database, consent: ConsentRow, status: str) -> None:
    payment = get_row(db, "payments", consent["resource_id"])
    if payment["status"] == "ConsentPending":
        reason = consent.get("status_reason") if status == "Failed" else f"Consent{status}"
        changes: PaymentChanges = {
            "status": "Rejected",
            "status_reason": reason,
            "updated_at": env.now(),
        }
        update_row(db, "payments", payment["id"], changes)


#: What accepting (or not) an `InitiateFundingRequest` consent does.
REQUEST_HANDLER = ConsentHandler(_collect, _not_collected)
