"""What a partner developer copies from public material, through a real server (issue 34):
backward pages on every list the real schema pages backwards, an empty `after`, a card's
digital cards without `first`.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.test_frontend_shapes import Frontend, _as_project, frontend

__all__ = ["frontend"]

#: Every list the real partner schema pages backwards (`before`), by `Type.field`.
BACKWARD = (
    "Account.memberships",
    "Account.virtualIbanEntries",
    "AccountHolder.accounts",
    "AccountHolder.externalAccounts",
    "AccountHolder.fundingLimitSettingsChangeRequests",
    "AccountHolder.supportingDocumentCollections",
    "AccountMembership.cards",
    "CardTransaction.supportingDocumentCollections",
    "CheckTransaction.supportingDocumentCollections",
    "ExternalAccount.balances",
    "FeeTransaction.supportingDocumentCollections",
    "InPersonCardTransaction.supportingDocumentCollections",
    "InternalCreditTransfer.supportingDocumentCollections",
    "InternalDirectDebitTransaction.supportingDocumentCollections",
    "InternationalCreditTransferTransaction.supportingDocumentCollections",
    "MerchantProfile.supportingDocumentCollections",
    "OnlineCardTransaction.supportingDocumentCollections",
    "Query.accountHolderOnboardings",
    "Query.accountHolders",
    "Query.accountMemberships",
    "Query.accounts",
    "Query.capitalDepositCases",
    "Query.cards",
    "Query.exports",
    "Query.onboardings",
    "Query.payments",
    "Query.supportingDocumentCollections",
    "Query.users",
    "SEPACreditTransferTransaction.supportingDocumentCollections",
    "SEPADirectDebitTransaction.supportingDocumentCollections",
    "Transaction.supportingDocumentCollections",
    "User.accountMemberships",
)

#: How to reach one object of a type: (the list of its ids, the query of one by `$id`).
PARENTS = {
    "Account": ("{ accounts(first: 100) { edges { node { id } } } }", "account(accountId: $id)"),
    "AccountHolder": (
        "{ accountHolders(first: 100) { edges { node { id } } } }",
        "accountHolder(id: $id)",
    ),
    "AccountMembership": (
        "{ accountMemberships(first: 100) { edges { node { id } } } }",
        "accountMembership(id: $id)",
    ),
    "User": ("{ users(first: 100) { edges { node { id } } } }", "user(id: $id)"),
    "MerchantProfile": (
        "{ merchantProfiles(first: 100) { edges { node { id } } } }",
        "merchantProfile(id: $id)",
    ),
    "Transaction": (
        "{ transactions(first: 100) { edges { node { id } } } }",
        "transaction(id: $id)",
    ),
}


def _page(field: str) -> str:
    return (
        f"{field}(first: $first, after: $after, before: $before) "
        "{ edges { cursor } pageInfo { hasNextPage hasPreviousPage } }"
    )


def _lists(frontend: Frontend, name: str) -> list[tuple[str, dict[str, Any]]]:
    """(document, variables) of every instance of the list `name` the dataset has."""
    owner, field = name.split(".")
    variables = "$first: Int!, $after: String, $before: String"
    if owner == "Query":
        return [(f"query({variables}) {{ found: {_page(field)} }}", {})]
    if owner == "ExternalAccount":
        inner = f"externalAccounts(first: 100) {{ edges {{ node {{ {_page(field)} }} }} }}"
        ids, one = PARENTS["AccountHolder"]
        return [
            (f"query($id: ID!, {variables}) {{ found: {one} {{ {inner} }} }}", {"id": i})
            for i in _ids(frontend, ids)
        ]
    kind = owner if owner in PARENTS else "Transaction"
    ids, one = PARENTS[kind]
    selection = _page(field) if kind == owner else f"... on {owner} {{ {_page(field)} }}"
    id_type = "String" if kind == "User" else "ID!"
    return [
        (f"query($id: {id_type}, {variables}) {{ found: {one} {{ {selection} }} }}", {"id": i})
        for i in _ids(frontend, ids)
    ]


def _ids(frontend: Frontend, document: str) -> list[str]:
    data = _as_project(frontend, "/sandbox/graphql", document)
    [connection] = data.values()
    return [edge["node"]["id"] for edge in connection["edges"]]


def _connections(found: Any) -> list[dict[str, Any]]:
    """The connections in an answer (one, or one an external account)."""
    if found is None:
        return []
    if "edges" in found and "pageInfo" in found:
        return [found]
    nested = found.get("externalAccounts")
    if nested is not None:
        return [next(iter(e["node"].values())) for e in nested["edges"]]
    return [value for value in found.values() if isinstance(value, dict)]


@pytest.mark.parametrize("name", BACKWARD)
def test_every_list_the_real_schema_pages_backwards_does(frontend: Frontend, name: str) -> None:
    for document, variables in _lists(frontend, name):
        forward = _as_project(
            frontend, "/sandbox/graphql", document, first=100, after="", before=None, **variables
        )
        for connection in _connections(forward["found"]):
            cursors = [edge["cursor"] for edge in connection["edges"]]
            if not cursors:
                continue
            back = _as_project(
                frontend,
                "/sandbox/graphql",
                document,
                first=len(cursors),
                after=None,
                before=cursors[-1],
                **variables,
            )
            pages = _connections(back["found"])
            assert pages, back
            before = pages[0]
            if len(_connections(forward["found"])) == 1:
                assert [edge["cursor"] for edge in before["edges"]] == cursors[:-1], name
                assert before["pageInfo"]["hasNextPage"] is True


def test_a_card_lists_its_digital_cards_without_first(frontend: Frontend) -> None:
    data = _as_project(
        frontend,
        "/sandbox/graphql",
        "{ cards(first: 10) { edges { node { digitalCards { totalCount } } } } }",
    )
    assert all(edge["node"]["digitalCards"]["totalCount"] >= 0 for edge in data["cards"]["edges"])
