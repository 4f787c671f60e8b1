"""The banking domain plugged in by name (issue 35, `domain/banking.py`): each consent
purpose still gets the handler its module declares, each hook and listener is the module's
function, every scheduled work still runs; and a simulator imports none of those modules
until one is used."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

from simulator import Simulator
from simulator.domain import banking
from simulator.domain.accounts import (
    account_data,
    account_lifecycle,
    credit_limits,
    membership_changes,
    memberships,
)
from simulator.domain.cards import cards, digital_cards, physical_cards
from simulator.domain.consents import consent_actions, consents
from simulator.domain.due_work import BankingWork
from simulator.domain.exports.exports import ExportWork
from simulator.domain.funding import funding, funding_requests
from simulator.domain.kernel.wiring import ConsentHandler, Later, Wiring
from simulator.domain.merchants import merchant_payment_records
from simulator.domain.payments import (
    beneficiaries,
    international_out,
    payments,
    received_mandates,
    standing_orders,
    transaction_returns,
)

#: What `install_banking` plugged when it imported every module (before issue 35).
EAGER_HANDLERS: dict[str, ConsentHandler] = {
    "AddAccountMembership": memberships.CONSENT_HANDLER,
    "AddAccountMemberships": memberships.CONSENT_HANDLER,
    "UpdateAccountMembership": membership_changes.UPDATE_HANDLER,
    "ResumeAccountMembership": membership_changes.RESUME_HANDLER,
    "InitPayment": payments.CONSENT_HANDLER,
    "RequestCreditLimit": credit_limits.CONSENT_HANDLER,
    "UpdateAccountSettings": account_data.CONSENT_HANDLER,
    "InitiateInternationalCreditTransfer": international_out.CONSENT_HANDLER,
    "AddBeneficiary": beneficiaries.CONSENT_HANDLER,
    "ScheduleStandingOrder": standing_orders.CONSENT_HANDLER,
    "CloseAccount": account_lifecycle.CONSENT_HANDLER,
    "ConsentToMultipleConsents": consent_actions.MULTI_CONSENT_HANDLER,
    "EnableMandate": received_mandates.CONSENT_HANDLER,
    "AddDirectDebitPaymentMandate": funding.MANDATE_HANDLER,
    "InitiateFundingRequest": funding_requests.REQUEST_HANDLER,
    "InitiateInstantFundingRequest": funding_requests.REQUEST_HANDLER,
    **cards.CONSENT_HANDLERS,
    **physical_cards.CONSENT_HANDLERS,
    **digital_cards.CONSENT_HANDLERS,
    **transaction_returns.CONSENT_HANDLERS,
}


def _wiring() -> Wiring:
    wiring = Wiring()
    banking.install_banking(wiring)
    return wiring


def test_every_purpose_has_the_handler_its_module_declares() -> None:
    handlers = _wiring().consent_handlers
    assert "AddCard" in handlers and "ViewCardNumbers" not in handlers
    assert list(handlers) == list(EAGER_HANDLERS)
    assert len(handlers) == len(EAGER_HANDLERS)
    for purpose, handler in EAGER_HANDLERS.items():
        assert handlers[purpose] is handler, purpose
        assert handlers.get(purpose) is handler
    assert handlers.get("ThreeDsPayment") is None
    assert dict(handlers) == EAGER_HANDLERS
    assert set(handlers) <= set(consents.CONSENT_PURPOSES)
    # Every module's own handlers are plugged, none forgotten.
    for module in (cards, physical_cards, digital_cards, transaction_returns):
        assert isinstance(module.CONSENT_HANDLERS, Mapping)
        assert set(module.CONSENT_HANDLERS) <= set(handlers)


def test_every_hook_and_listener_is_the_module_function() -> None:
    wiring = _wiring()
    assert wiring.account_closing == [Later(cards.__name__, "cancel_cards_of_closing_account")]
    assert wiring.membership_disabled == [
        Later(cards.__name__, "cancel_cards_of_disabled_membership")
    ]
    (listener,) = wiring.event_listeners
    assert listener == Later(merchant_payment_records.__name__, "follow_transaction")
    for plug, function in (
        (wiring.account_closing[0], cards.cancel_cards_of_closing_account),
        (wiring.membership_disabled[0], cards.cancel_cards_of_disabled_membership),
        (listener, merchant_payment_records.follow_transaction),
    ):
        assert isinstance(plug, Later)
        assert getattr(sys.modules[plug.module], plug.name) is function


def test_every_scheduled_work_still_runs(tmp_path: Path) -> None:
    with Simulator(data_dir=tmp_path) as sim:
        assert [type(work) for work in sim.wiring.scheduled_work[:2]] == [BankingWork, ExportWork]
        for env in sim.environments.values():
            for work in sim.wiring.scheduled_work:
                assert work.next_due(env) is None  # a new environment: nothing pending
                assert work.run_due(env) == []
        sim.clock.advance("40d")  # every kind of work asked, monthly statements included


_PROBE = """
import json, sys
from simulator import Simulator
with Simulator() as sim:
    sim.create_project("sandbox", "Probe", ["http://localhost:3000/callback"])
    print(json.dumps(sorted(m for m in sys.modules if m.startswith("simulator.domain."))))
"""


def test_a_new_simulator_imports_no_consent_handler(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    imported = set(json.loads(done.stdout.splitlines()[-1]))
    for module in (physical_cards, digital_cards, transaction_returns, received_mandates):
        assert module.__name__ not in imported
    assert merchant_payment_records.__name__ not in imported
