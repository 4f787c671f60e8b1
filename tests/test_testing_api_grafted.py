"""The Testing API's fields taken from the partner API (simulator/api/grafted.py): an account
holder's accounts, info, onboarding and mandates, a user's authenticators, through the real
server (tests/test_testing_api_scoping.py keeps another project's holder unknown)."""

from __future__ import annotations

from graphql import GraphQLObjectType

from simulator import api, testing_api
from simulator.api.executable import SCHEMA_DIR
from simulator.api.grafted import Graft, grafted
from simulator.server import app

from .banking_support import Bank

HOLDER = """
  accountHolder {
    id
    info { __typename type name }
    onboarding { id }
    paymentMandates(first: 5) { totalCount }
    accounts(first: 5) {
      totalCount
      edges { node {
        id IBAN holder { id }
        memberships(first: 5) { edges { node {
          user { id authenticators { id status type otpPhoneNumber } }
        } } }
      } }
    }
  }
"""


def test_a_holder_shows_its_accounts_users_and_mandates(bank: Bank) -> None:
    ada = bank.holder()
    updated = bank.testing.mutate(
        "updateAccountHolder", {"accountHolderId": ada["holder_id"]}, HOLDER
    )
    holder = updated["accountHolder"]
    assert holder["info"] == {
        "__typename": "AccountHolderIndividualInfo",
        "type": "Individual",
        "name": "Ada Lovelace",
    }
    assert holder["onboarding"] is None and holder["paymentMandates"] == {"totalCount": 0}
    [account] = holder["accounts"]["edges"]
    assert account["node"]["id"] == ada["account_id"]
    assert account["node"]["holder"] == {"id": ada["holder_id"]}
    [member] = account["node"]["memberships"]["edges"]
    user = member["node"]["user"]
    assert user["authenticators"] == [
        {
            "id": f"{user['id']}-web",
            "status": "Enabled",
            "type": "SwanWeb",
            "otpPhoneNumber": bank.row("users", user["id"])["phone_number"],
        }
    ]


def test_the_graft_takes_only_what_it_names() -> None:
    schema = app.testing_schema()
    holder = schema.type_map["AccountHolder"]
    assert isinstance(holder, GraphQLObjectType)
    assert {"accounts", "info", "onboarding", "paymentMandates"} <= set(holder.fields)
    # The partner API's own fields of a taken type that the real Testing type lacks are cut.
    account = schema.type_map["Account"]
    assert isinstance(account, GraphQLObjectType)
    assert "transactions" not in account.fields and "IBAN" in account.fields
    # A type the Testing API has is its own wherever a taken type refers to it.
    assert account.fields["holder"].type.of_type is holder  # type: ignore[attr-defined]
    own = api.build_schema([SCHEMA_DIR / "common", testing_api.SCHEMA_DIR], testing_api.bindables)
    assert "Account" not in own.type_map
    nothing_taken = grafted(own, app.partner_schema(), Graft({}))
    assert set(nothing_taken.type_map) == set(own.type_map)
