"""updateReceivedSepaDirectDebitB2bMandate: change a registered B2B mandate."""

from __future__ import annotations

from typing import Any

from ariadne import MutationType

from ....domain.payments import received_mandates
from ....graphql_compat import ResolveInfo
from ...mutations import returns_rejections
from .._helpers import caller
from .direct_debits import mandate_payload

mutation = MutationType()
bindables = [mutation]


@mutation.field("updateReceivedSepaDirectDebitB2bMandate")
@returns_rejections
def resolve_update(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = received_mandates.update_b2b_mandate(env, principal, input)
    return mandate_payload("UpdateReceivedSepaDirectDebitB2bMandateSuccessPayload", row)
