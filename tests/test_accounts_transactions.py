"""Transactions: the ledger's state machine, the query with its filters and keyset pages,
the concrete types and status infos."""

from __future__ import annotations

import itertools
from decimal import Decimal

import pytest

from simulator.domain.accounts import ledger
from simulator.domain.accounts.ledger import STATUSES_OF_TYPE, TRANSACTION_STATUSES, TRANSITIONS
from simulator.domain.kernel.rejections import Rejected
from simulator.domain.users.users import create_user, find_user_by_phone

from .banking_support import DEBTOR_IBAN, Bank

NODE = """__typename id type side label counterparty executionDate
  amount { value currency }
  statusInfo { __typename status
    ... on PendingTransactionStatusInfo { pendingEndDate }
    ... on BookedTransactionStatusInfo { bookingDate valueDate balanceAfter { amount { value } } }
    ... on RejectedTransactionStatusInfo { reason }
    ... on CanceledTransactionStatusInfo { canceledDate }
    ... on ReleasedTransactionStatusInfo { releaseDate } }
  ... on CardTransaction { cardDetails { ... on CardOutDetails { card { id } maskedPan } }
    merchant { ... on CardOutMerchant { merchantName category merchantCity merchantCountry } } }
  ... on FeeTransaction { feesType }
  ... on SEPACreditTransferTransaction { creditor { name IBAN } debtor { name IBAN } }"""


@pytest.fixture
def account(bank: Bank) -> str:
    return str(bank.holder()["account_id"])


def incoming(bank: Bank, account_id: str, amount: str = "100.00", **extra: object) -> str:
    result = bank.testing.mutate(
        "simulateIncomingSepaCreditTransferReception",
        {
            "creditorIban": bank.row("accounts", account_id)["iban"],
            "creditorName": "Ada Lovelace",
            "amount": {"value": amount, "currency": "EUR"},
            "debtorName": "Grace Hopper",
            "debtorIban": DEBTOR_IBAN,
            **extra,
        },
        "transactionId",
    )
    return str(result["transactionId"])


def test_every_status_has_its_status_info(bank: Bank, account: str) -> None:
    bank.fund(account, "500.00")
    pending = incoming(bank, account, "1.00", label="Gift")
    card_id = bank.enabled_card(account)
    merchant = {"name": "Café", "city": "Lyon"}
    released = bank.authorize(card_id, "9.00", merchant=merchant)["transactionId"]
    bank.testing.mutate("simulateOutgoingCardAuthorizationRelease", {"transactionId": released})
    declined = bank.authorize(card_id, "9.00", merchant=merchant, outcome="DoNotHonor")[
        "transactionId"
    ]
    fee = bank.testing.mutate(
        "simulateManualBankingFee",
        {
            "accountId": account,
            "type": "InactiveAccount",
            "dueAmount": {"value": "2.00", "currency": "EUR"},
            "effectiveDate": "2026-01-05T09:00:00.000Z",
        },
        "feeId: id",
    )["feeId"]
    nodes = {
        edge["node"]["id"]: edge["node"]
        for edge in bank.api.query(f"{{ transactions {{ edges {{ node {{ {NODE} }} }} }} }}")[
            "transactions"
        ]["edges"]
    }
    assert nodes[pending]["statusInfo"] == {
        "__typename": "PendingTransactionStatusInfo",
        "status": "Pending",
        "pendingEndDate": "2026-01-06T09:00:00.000Z",
    }
    assert nodes[pending]["creditor"]["name"] == "Ada Lovelace"
    assert nodes[pending]["debtor"] == {"name": "Grace Hopper", "IBAN": DEBTOR_IBAN}
    assert (nodes[pending]["label"], nodes[pending]["type"]) == ("Gift", "SepaCreditTransferIn")
    assert nodes[released]["statusInfo"] == {
        "__typename": "ReleasedTransactionStatusInfo",
        "status": "Released",
        "releaseDate": "2026-01-05T09:00:00.000Z",
    }
    assert nodes[released]["merchant"] == {
        "merchantName": "Café",
        "category": "InStore",
        "merchantCity": "Lyon",
        "merchantCountry": "FRA",
    }
    assert nodes[released]["cardDetails"] == {
        "card": {"id": card_id},
        "maskedPan": bank.row("cards", card_id)["masked_number"],
    }
    assert nodes[declined]["statusInfo"]["reason"] == "DoNotHonor"
    assert nodes[fee]["__typename"] == "FeeTransaction"
    assert nodes[fee]["feesType"] == "BankingFee"
    assert nodes[fee]["statusInfo"]["balanceAfter"] == {"amount": {"value": "498.00"}}


def test_filters(bank: Bank, account: str) -> None:
    bank.fund(account, "300.00")
    first = incoming(bank, account, "1.00")
    bank.sim.advance("2h")
    second = incoming(bank, account, "2.00")
    bank.testing.mutate(
        "simulateManualBankingFee",
        {
            "accountId": account,
            "type": "InactiveAccount",
            "dueAmount": {"value": "5.00", "currency": "EUR"},
            "effectiveDate": "2026-01-05T09:00:00.000Z",
        },
    )
    data = bank.api.query(
        """{
             pending: transactions(filters: {status: [Pending]}) { totalCount }
             fees: transactions(filters: {type: [FeesOut]}) { totalCount }
             fees_product: transactions(filters: {paymentProduct: [Fees]}) { totalCount }
             early: transactions(filters: {isBeforeExecutionDate: "2026-01-05T10:00:00Z"}) {
               edges { node { id } } }
             late: transactions(filters: {isAfterExecutionDate: "2026-01-05T11:00:00Z",
                                          status: [Pending]}) { edges { node { id } } } }""",
        {"account": account},
    )
    # At most 5 top-level fields per Sandbox operation (section 8.2): a second query.
    data |= bank.api.query(
        """query($account: ID!) { nested: account(accountId: $account) {
               transactions(filters: {type: [SepaCreditTransferIn]}) { totalCount } } }""",
        {"account": account},
    )
    assert data["pending"]["totalCount"] == 2
    assert data["fees"]["totalCount"] == 1
    assert data["fees_product"]["totalCount"] == 1
    assert {edge["node"]["id"] for edge in data["early"]["edges"]} >= {first}
    assert second not in {edge["node"]["id"] for edge in data["early"]["edges"]}
    assert data["late"]["edges"] == [{"node": {"id": second}}]
    assert data["nested"]["transactions"]["totalCount"] == 3


def test_keyset_pages_walk_every_transaction_once(bank: Bank, account: str) -> None:
    ids = []
    for index in range(7):
        ids.append(incoming(bank, account, f"{index + 1}.00"))
        bank.sim.advance("1m")
    seen, after = [], None
    while True:
        page = bank.api.query(
            """query($after: String) { transactions(first: 3, after: $after) {
                 totalCount pageInfo { hasNextPage hasPreviousPage endCursor }
                 edges { cursor node { id } } } }""",
            {"after": after},
        )["transactions"]
        assert page["totalCount"] == 7
        assert page["pageInfo"]["hasPreviousPage"] is (after is not None)
        seen += [edge["node"]["id"] for edge in page["edges"]]
        if not page["pageInfo"]["hasNextPage"]:
            break
        after = page["pageInfo"]["endCursor"]
    # The real service's default order: the last updated first.
    assert seen == ids[::-1]
    oldest = bank.api.query(
        "{ transactions(first: 2, orderBy: {field: executionDate, direction: Asc}) {"
        " edges { node { id } } } }"
    )["transactions"]["edges"]
    assert [edge["node"]["id"] for edge in oldest] == ids[:2]


def test_bad_page_requests_are_clear_query_errors(bank: Bank) -> None:
    bad_cursor = bank.api.post('{ transactions(after: "garbage") { totalCount } }')
    assert bad_cursor["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"
    assert "cursor" in bad_cursor["errors"][0]["message"]
    too_many = bank.api.post("{ transactions(first: 101) { totalCount } }")
    assert too_many["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"
    bad_date = bank.api.post(
        '{ transactions(filters: {isAfterExecutionDate: "yesterday"}) { totalCount } }'
    )
    assert bad_date["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"
    unknown = bank.api.post('{ transaction(id: "nope") { id } }')
    assert unknown["data"] is None  # transaction(id) is non-null, as in the real schema
    assert unknown["errors"][0]["extensions"]["code"] == "NOT_FOUND"


def test_user_sees_transactions_of_its_accounts_only(bank: Bank, account: str) -> None:
    incoming(bank, account)
    other = bank.holder("Alan", "Turing")["account_id"]
    incoming(bank, other)
    ada = find_user_by_phone(bank.env, "+33699900001")
    assert ada is not None
    mine = bank.user_client(ada["id"]).query(
        "{ transactions { edges { node { account { id } } } } }"
    )["transactions"]["edges"]
    assert [edge["node"]["account"]["id"] for edge in mine] == [account]
    stranger = bank.user_client(create_user(bank.env, "+33655000020")["id"])
    assert stranger.query("{ transactions { totalCount } }")["transactions"]["totalCount"] == 0


# -- the ledger's state machine -------------------------------------------------------------


@pytest.mark.parametrize(
    ("tx_type", "target"),
    list(
        itertools.product(
            ["SepaCreditTransferIn", "SepaCreditTransferOut", "CardOutDebit"], TRANSACTION_STATUSES
        )
    ),
)
def test_every_transition_from_pending(bank: Bank, account: str, tx_type: str, target: str) -> None:
    env = bank.env
    with env.store.atomic() as db:
        row = ledger.record_transaction(
            env,
            db,
            project_id=bank.project_id,
            account_id=account,
            type=tx_type,
            amount=Decimal("10.00"),
            label="x",
            counterparty="y",
        )
    allowed = target in TRANSITIONS["Pending"] and target in STATUSES_OF_TYPE[tx_type]
    with env.store.atomic() as db:
        if allowed:
            changed = ledger.change_status(env, db, row, target)
            assert changed["status"] == target
        else:
            with pytest.raises(Rejected) as caught:
                ledger.change_status(env, db, row, target)
            assert caught.value.payload["__typename"] == "TransactionWrongStatusRejection"
    stored = ledger.read_balances(env.store.db, account)
    assert stored == ledger.recompute_balances(env.store.db, account)


@pytest.mark.parametrize("final", ["Booked", "Rejected", "Canceled", "Released"])
def test_final_statuses_never_move(final: str) -> None:
    assert final not in TRANSITIONS
    row = {"id": "t", "status": final, "type": "CardOutDebit"}
    with pytest.raises(Rejected):
        ledger.change_status(None, None, row, "Booked")  # type: ignore[arg-type]


def test_balance_effects_of_each_status(bank: Bank, account: str) -> None:
    env = bank.env
    with env.store.atomic() as db:
        for tx_type, status in [
            ("SepaCreditTransferIn", "Booked"),
            ("SepaCreditTransferIn", "Pending"),
            ("SepaCreditTransferOut", "Pending"),
            ("CardOutDebit", "Pending"),
            ("FeesOut", "Booked"),
            ("CardOutDebit", "Rejected"),
        ]:
            ledger.record_transaction(
                env,
                db,
                project_id=bank.project_id,
                account_id=account,
                type=tx_type,
                amount=Decimal("10.00") if status != "Booked" else Decimal("100.00"),
                label="x",
                counterparty="y",
                status=status,
            )
    balances = ledger.read_balances(env.store.db, account)
    assert balances.as_dict() == {
        "booked": Decimal("0.00"),  # +100 credit, -100 fee
        "pending": Decimal("0.00"),  # +10 pending credit, -10 pending debit
        "reserved": Decimal("10.00"),
        "available": Decimal("-20.00"),  # 0 - 10 reserved - 10 pending debit
    }
    with pytest.raises(ValueError), env.store.atomic() as db:
        ledger.record_transaction(
            env,
            db,
            project_id=bank.project_id,
            account_id=account,
            type="FeesOut",
            amount=Decimal("1.00"),
            label="x",
            counterparty="y",
            status="Pending",
        )
