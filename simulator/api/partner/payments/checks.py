"""Checks deposited on an account as transactions (`CheckTransaction`)."""

from __future__ import annotations

from typing import Any

from ariadne import ObjectType

from ....domain.payments.checks import check_details
from ....graphql_compat import ResolveInfo
from .._helpers import caller
from ..accounts.transactions import COMMON_FIELDS

check = ObjectType("CheckTransaction")
bindables = [check]

for _field, _resolver in COMMON_FIELDS.items():
    check.set_field(_field, _resolver)


def _detail(key: str) -> Any:
    def resolve(row: dict[str, Any], info: ResolveInfo) -> str:
        env, _ = caller(info)
        return str(check_details(env.store.db, row)[key])

    return resolve


check.set_field("cmc7", _detail("cmc7"))
check.set_field("rlmcKey", _detail("rlmc_key"))
