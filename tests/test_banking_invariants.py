"""Money adds up: random sequences of banking operations and clock advances (Hypothesis),
with the ledger's invariants checked after every step.

For every account, at every step:
- the stored balances equal the ones recomputed from the transactions;
- booked = booked credits - booked debits; available = booked - reserved - pending debits;
- each booked transaction's `balance_after` is the running booked balance in booking order;
- nothing but a fee takes available below zero;
- after the clock moved, no pending transfer is left past its settlement time;
- a Canceling card still has a pending authorization, a Canceled one has none.
"""

from __future__ import annotations

import tempfile
from decimal import Decimal

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from simulator import Simulator
from simulator.domain.accounts import account_lifecycle, accounts, transactions
from simulator.domain.accounts.ledger import read_balances, recompute_balances
from simulator.domain.cards import cards
from simulator.domain.consents import consents
from simulator.domain.kernel.context import Principal
from simulator.domain.kernel.money import ZERO, to_decimal
from simulator.domain.kernel.rejections import Rejected
from simulator.domain.payments import payments
from simulator.domain.sandbox import simulation
from simulator.domain.users.users import create_user

REDIRECT = "http://localhost:3000/callback"
IBAN = "FR7630006000011234567890189"
AMOUNTS = st.decimals(min_value=Decimal("0.01"), max_value=Decimal("400.00"), places=2)
DURATIONS = st.sampled_from(["1s", "10s", "5m", "21m", "2h", "1d", "2d"])


class Ledger(RuleBasedStateMachine):
    """Two accounts: one whose representative consents automatically, one whose consents
    wait for an explicit decision. Each has an enabled card."""

    @initialize()
    def open_accounts(self) -> None:
        self.directory = tempfile.TemporaryDirectory(prefix="ledger-")
        self.sim = Simulator(self.directory.name)
        self.env = self.sim.sandbox
        project = self.sim.create_project("sandbox", "Ledger", [REDIRECT])
        self.project_id = project.project_id
        self.principal = Principal(self.env.name, self.project_id)
        auto = create_user(self.env, "+33600000001", auto_consent=True)
        self.accounts: list[str] = []
        self.cards: list[str] = []
        self.memberships: list[str] = []
        self.fees = {}
        for index, phone in enumerate([auto["phone_number"], "+33600000002"]):
            created = accounts.create_account_holder(
                self.env,
                self.project_id,
                first_name=f"Holder{index}",
                last_name="Test",
                legal_representative_phone=phone,
            )
            account_id = created["account_id"]
            membership = self.env.store.db.execute(
                "SELECT id FROM account_memberships WHERE account_id = ?", [account_id]
            ).fetchone()[0]
            card, consent = cards.add_card(
                self.env,
                self.principal,
                membership,
                consent_redirect_url=REDIRECT,
                spending_limit={
                    "amount": {"value": "100000.00", "currency": "EUR"},
                    "period": "Always",
                },
            )
            if consent["status"] != "Accepted":
                consents.decide_consent(self.env, self.project_id, consent["id"], True)
            self.accounts.append(account_id)
            self.memberships.append(membership)
            self.cards.append(card["id"])
            self.fees[account_id] = ZERO

    def teardown(self) -> None:
        self.sim.close()
        self.directory.cleanup()

    # -- helpers --------------------------------------------------------------------------

    def _pick(self, sql: str, index: int) -> dict | None:
        rows = list(self.env.store.db.query(sql))
        return rows[index % len(rows)] if rows else None

    # -- the outside world ----------------------------------------------------------------

    @rule(account=st.integers(0, 1), amount=AMOUNTS, instant=st.booleans())
    def money_arrives(self, account: int, amount: Decimal, instant: bool) -> None:
        simulation.simulate_incoming_transfer(
            self.env,
            self.project_id,
            account_id=self.accounts[account],
            amount=f"{amount:.2f}",
            debtor_name="Payer",
            debtor_iban="DE89370400440532013000",
            mode="InstantWithoutFallback" if instant else "Regular",
        )

    @rule(card=st.integers(0, 1000), amount=AMOUNTS)
    def card_authorization(self, card: int, amount: Decimal) -> None:
        card_id = self.cards[card % len(self.cards)]
        simulation.simulate_card_authorization(
            self.env, self.project_id, card_id, amount=f"{amount:.2f}", merchant_name="M"
        )

    @rule(index=st.integers(0, 1000), fraction=st.sampled_from(["1", "0.5", "0.01"]))
    def card_debit(self, index: int, fraction: str) -> None:
        row = self._pick(
            "SELECT id, amount FROM transactions WHERE type = 'CardOutDebit' "
            "AND status = 'Pending' ORDER BY id",
            index,
        )
        if row is None:
            return
        final = max(
            Decimal("0.01"),
            (to_decimal(row["amount"]) * Decimal(fraction)).quantize(Decimal("0.01")),
        )
        simulation.simulate_card_debit(self.env, self.project_id, row["id"], f"{final:.2f}")

    @rule(index=st.integers(0, 1000))
    def card_release(self, index: int) -> None:
        row = self._pick(
            "SELECT id FROM transactions WHERE type = 'CardOutDebit' AND status = 'Pending' "
            "ORDER BY id",
            index,
        )
        if row is not None:
            simulation.release_card_authorization(self.env, self.project_id, row["id"])

    @rule(card=st.integers(0, 1000), amount=AMOUNTS)
    def card_refund(self, card: int, amount: Decimal) -> None:
        card_id = self.cards[card % len(self.cards)]
        simulation.simulate_card_credit(
            self.env, self.project_id, card_id, amount=f"{amount:.2f}", merchant_name="M"
        )

    @rule(account=st.integers(0, 1), suspend=st.booleans())
    def bank_suspends_or_resumes(self, account: int, suspend: bool) -> None:
        move = account_lifecycle.suspend_account if suspend else account_lifecycle.resume_account
        try:
            move(self.env, self.project_id, self.accounts[account])
        except Rejected as rejected:
            assert rejected.payload["__typename"] == "BadAccountStatusRejection"

    @rule(
        account=st.integers(0, 1),
        amount=st.decimals(min_value=Decimal("0.01"), max_value=Decimal("20"), places=2),
    )
    def fee(self, account: int, amount: Decimal) -> None:
        simulation.charge_fee(
            self.env, self.project_id, self.accounts[account], amount=f"{amount:.2f}"
        )
        self.fees[self.accounts[account]] += amount

    @rule(index=st.integers(0, 1000), book=st.booleans())
    def other_bank_settles(self, index: int, book: bool) -> None:
        row = self._pick(
            "SELECT id FROM transactions WHERE type LIKE 'SepaCreditTransfer%' "
            "AND status = 'Pending' ORDER BY id",
            index,
        )
        if row is None:
            return
        if book:
            simulation.book_transfer(self.env, self.project_id, row["id"])
        else:
            simulation.reject_transfer(self.env, self.project_id, row["id"])

    # -- the partner ------------------------------------------------------------------------

    @rule(account=st.integers(0, 1), amounts=st.lists(AMOUNTS, min_size=1, max_size=3))
    def initiate_transfers(self, account: int, amounts: list[Decimal]) -> None:
        try:
            payments.initiate_credit_transfers(
                self.env,
                self.principal,
                self.accounts[account],
                credit_transfers=[
                    {
                        "amount": {"value": f"{amount:.2f}", "currency": "EUR"},
                        "sepa_beneficiary": {"name": "Beneficiary", "iban": IBAN},
                    }
                    for amount in amounts
                ],
                consent_redirect_url=REDIRECT,
            )
        except Rejected as rejected:
            # Funds are checked at execution (a short transfer is Rejected then); the
            # request itself is refused only when the account is suspended by the bank.
            assert rejected.payload["__typename"] == "ForbiddenRejection"

    @rule(index=st.integers(0, 1000), accept=st.booleans())
    def user_decides(self, index: int, accept: bool) -> None:
        row = self._pick(
            "SELECT id FROM consents WHERE status IN ('Created', 'Started') ORDER BY id", index
        )
        if row is not None:
            consents.decide_consent(self.env, self.project_id, row["id"], accept)

    @rule(index=st.integers(0, 1000))
    def partner_cancels_transfer(self, index: int) -> None:
        row = self._pick(
            "SELECT id FROM transactions WHERE type = 'SepaCreditTransferOut' "
            "AND status = 'Pending' ORDER BY id",
            index,
        )
        if row is not None:
            transactions.cancel_transaction(self.env, self.principal, row["id"])

    @rule(card=st.integers(0, 1000), action=st.sampled_from(["update", "cancel"]))
    def partner_changes_card(self, card: int, action: str) -> None:
        card_id = self.cards[card % len(self.cards)]
        try:
            if action == "cancel":
                cards.cancel_card(self.env, self.principal, card_id)  # twice: no change
            else:
                cards.update_card(
                    self.env,
                    self.principal,
                    card_id,
                    {"e_commerce": False},
                    consent_redirect_url=REDIRECT,
                )
        except Rejected as rejected:  # only an Enabled card changes
            assert rejected.payload["__typename"] == "AccountMembershipNotAllowedRejection"

    @rule(account=st.integers(0, 1))
    def partner_adds_card(self, account: int) -> None:
        try:
            card, _consent = cards.add_card(
                self.env, self.principal, self.memberships[account], consent_redirect_url=REDIRECT
            )
        except Rejected as rejected:  # the account is suspended
            assert rejected.payload["__typename"] == "BadAccountStatusRejection"
            return
        self.cards.append(card["id"])  # issued now (auto consent) or when its user decides

    @rule(duration=DURATIONS)
    def time_passes(self, duration: str) -> None:
        self.sim.advance(duration)
        overdue = self.env.store.db.execute(
            "SELECT COUNT(*) FROM transactions WHERE status = 'Pending' AND settles_at <= ?",
            [self.env.now()],
        ).fetchone()[0]
        assert overdue == 0
        open_consents = self.env.store.db.execute(
            "SELECT COUNT(*) FROM consents WHERE status IN ('Created', 'Started') "
            "AND expires_at <= ?",
            [self.env.now()],
        ).fetchone()[0]
        assert open_consents == 0

    # -- the invariants ---------------------------------------------------------------------

    @invariant()
    def canceling_cards_wait_for_their_authorizations(self) -> None:
        if not hasattr(self, "cards"):
            return
        for status, pending in self.env.store.db.execute(
            "SELECT c.status, (SELECT COUNT(*) FROM transactions t WHERE t.card_id = c.id "
            "AND t.status = 'Pending') FROM cards c"
        ).fetchall():
            assert (status, bool(pending)) != ("Canceled", True)
            assert (status, bool(pending)) != ("Canceling", False)

    @invariant()
    def money_adds_up(self) -> None:
        if not hasattr(self, "accounts"):
            return
        db = self.env.store.db
        for account_id in self.accounts:
            stored = read_balances(db, account_id)
            assert stored == recompute_balances(db, account_id)
            assert stored.available == stored.booked - stored.reserved - stored.pending_debits
            assert stored.available >= -self.fees[account_id]
            running = ZERO
            for row in db.query(
                "SELECT side, amount, balance_after FROM transactions WHERE account_id = ? "
                "AND status = 'Booked' ORDER BY booking_number",
                [account_id],
            ):
                amount = to_decimal(row["amount"])
                running += amount if row["side"] == "Credit" else -amount
                assert to_decimal(row["balance_after"]) == running
            assert running == stored.booked


Ledger.TestCase.settings = settings(
    max_examples=60,
    stateful_step_count=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestLedger = Ledger.TestCase
