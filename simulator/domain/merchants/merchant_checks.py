"""Check merchant payments (`initiateCheckMerchantPayment`): a merchant deposits a customer's
check, after asking France's check registry (FNCI) about it.

- the input: amount, a 31-digit CMC7 line and its RLMC key (checked), label, references;
- the profile: the caller's (else `NotFoundRejection`), Enabled, with an Enabled `Check`
  method, its account Opened (else `ForbiddenRejection`);
- the same CMC7 deposited already (not Rejected nor Canceled): `DuplicateCheckRejection`
  (that payment's id);
- the registry answers the colour a test check was generated with (the Testing API's
  `generateTestCheck`), Green for any other check; not Green: `CheckRejection` (its answer),
  nothing kept;
- Green: a `Check` merchant payment, Initiated, and a Pending `CheckIn` on the account.

The payment then follows its deposit (`merchant_payment_records.follow_transaction`): booked
by the Testing API's `simulateIncomingCheckBooking` it is Captured, rejected it is Rejected.
"""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Any, Final

from ...clock import format_timestamp, parse_timestamp
from ...storage import Database, get_row
from ...storage.rows import MerchantPaymentRow
from ..kernel.context import Environment, Principal
from ..kernel.rejections import Rejected, rejection
from ..kernel.validation import Checks
from ..payments.checks import deposit_check
from .merchant_payment_records import collecting_method, record_merchant_payment

__all__ = ["FNCI_COLORS", "initiate_check_payment"]

#: The registry's colour (and the simulator's response code) for each answer a test check
#: may be generated with.
FNCI_COLORS: Final = {
    "PositiveGreen": ("Green", 0),
    "IrregularWhite": ("White", 1),
    "IrregularOrange": ("Orange", 2),
    "IrregularRed": ("Red", 3),
}
#: The windows of the registry's three counters: the drawer account's checks seen in them.
_WINDOWS = (timedelta(days=1), timedelta(days=7), timedelta(days=30))


def _rlmc_key(cmc7: str) -> str:
    # The line and its key together are a multiple of 97.
    return f"{97 - (int(cmc7) * 100) % 97:02d}"


def _checked(data: dict[str, Any]) -> tuple[Decimal, dict[str, Any]]:
    checks = Checks()
    amount = data.get("amount") or {}
    value = checks.amount(
        amount.get("value"), ["input", "amount", "value"], currency=amount.get("currency")
    )
    texts = {
        key: checks.text(data.get(key), ["input", name], required=False, max_length=limit)
        for key, name, limit in (
            ("label", "label", 140),
            ("reference", "reference", 35),
            ("external_reference", "externalReference", 140),
        )
    }
    # The input's name comes as `cmc_7` (the snake_case conversion splits off the digit).
    cmc7 = str(data.get("cmc_7") or data.get("cmc7") or "").strip()
    key = str(data.get("rlmc_key") or "").strip()
    if len(cmc7) != 31 or not cmc7.isdigit():
        checks.fail("InvalidFormat", "A CMC7 line is 31 digits.", ["input", "cmc7"])
    elif len(key) != 2 or not key.isdigit() or _rlmc_key(cmc7) != key:
        checks.fail(
            "InvalidFormat", "This RLMC key does not match the CMC7 line.", ["input", "rlmcKey"]
        )
    checks.raise_if_any()
    assert value is not None
    return value, {**texts, "cmc7": cmc7, "rlmc_key": key}


def _fnci(env: Environment, db: Database, project_id: str, cmc7: str) -> dict[str, Any]:
    """The registry's answer for the check (`FnciInfo`)."""
    row = db.execute(
        "SELECT fnci_result FROM test_checks WHERE project_id = ? AND cmc7 = ?",
        [project_id, cmc7],
    ).fetchone()
    color, code = FNCI_COLORS.get(row[0] if row else "PositiveGreen", ("Green", 0))
    now = parse_timestamp(env.now())
    # The drawer's account is the line's last 12 digits; its bank the interbank zone.
    counters = [
        db.execute(
            "SELECT COUNT(*) FROM merchant_payments WHERE project_id = ? AND kind = 'Check' "
            "AND substr(cmc7, 20) = ? AND created_at >= ?",
            [project_id, cmc7[19:], format_timestamp(now - window)],
        ).fetchone()[0]
        for window in _WINDOWS
    ]
    return {
        "color_code": color,
        "response_code": code,
        "cpt1": counters[0],
        "cpt2": counters[1],
        "cpt3": counters[2],
        "holder_establishment": cmc7[7:19],
    }


def initiate_check_payment(
    env: Environment, principal: Principal, data: dict[str, Any]
) -> tuple[MerchantPaymentRow, dict[str, Any]]:
    """Deposit a check for a merchant profile: the payment (Initiated, its `CheckIn`
    Pending) and the registry's answer; see the module's table for the rejections."""
    value, fields = _checked(data)
    profile_id = str(data.get("merchant_profile_id") or "")
    with env.store.atomic() as db:
        profile, method = collecting_method(db, principal, profile_id, "Check")
        project_id = profile["project_id"]
        duplicates = list(
            db.execute(
                "SELECT id FROM merchant_payments WHERE project_id = ? AND cmc7 = ? "
                "AND status NOT IN ('Rejected', 'Canceled') ORDER BY created_at LIMIT 1",
                [project_id, fields["cmc7"]],
            )
        )
        if duplicates:
            raise Rejected(
                rejection(
                    "DuplicateCheckRejection",
                    f"This check was deposited already (merchant payment {duplicates[0][0]}).",
                    id=duplicates[0][0],
                )
            )
        fnci = _fnci(env, db, project_id, fields["cmc7"])
        if fnci["color_code"] != "Green":
            raise Rejected(
                rejection(
                    "CheckRejection",
                    f"The check registry answered {fnci['color_code']}: the check is refused.",
                    fnci_info=fnci,
                )
            )
        deposit = deposit_check(
            env,
            db,
            get_row(db, "accounts", profile["account_id"]),
            amount=value,
            cmc7=fields["cmc7"],
            rlmc_key=fields["rlmc_key"],
            label=fields["label"],
        )
        payment = record_merchant_payment(
            env,
            db,
            kind="Check",
            profile=profile,
            method_id=method["id"],
            amount=value,
            transaction=deposit,
            status="Initiated",
            details={**fields, "fnci": fnci},
        )
        return payment, fnci
