"""SEPA direct debits on an account as transactions (`SEPADirectDebitTransaction`)."""

from __future__ import annotations

from typing import Any

from ariadne import InterfaceType, ObjectType
from graphql import GraphQLResolveInfo

from .transactions import COMMON_FIELDS, other_party, own_party

direct_debit = ObjectType("SEPADirectDebitTransaction")
bindables: list[ObjectType | InterfaceType] = [direct_debit]

for _field, _resolver in COMMON_FIELDS.items():
    direct_debit.set_field(_field, _resolver)


@direct_debit.field("creditor")
def resolve_creditor(row: dict[str, Any], _: GraphQLResolveInfo) -> dict[str, Any]:
    # Every stored direct debit is taken by a creditor outside the bank.
    return other_party(row, "SEPADirectDebitOutCreditor")


@direct_debit.field("debtor")
def resolve_debtor(row: dict[str, Any], info: GraphQLResolveInfo) -> dict[str, Any]:
    return own_party(info, row, "SEPADirectDebitOutDebtor")
