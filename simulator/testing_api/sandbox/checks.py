"""Testing API resolver of test checks (`generateTestCheck`), in the caller's project."""

from __future__ import annotations

from typing import Any

from ariadne import ObjectType

from ...api.context import RequestContext
from ...domain.sandbox import sandbox_checks
from ...graphql_compat import ResolveInfo

mutation = ObjectType("Mutation")
success = ObjectType("GenerateCheckSuccessPayload")
bindables = [mutation, success]

# Named explicitly: the snake_case conversion would look the digit up as `cmc_7`.
success.set_field("cmc7", lambda payload, *_: payload["cmc7"])


@mutation.field("generateTestCheck")
def resolve_generate(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    row = sandbox_checks.generate_test_check(
        ctx.environment, ctx.principal.project_id, input.get("fnci_result")
    )
    return {
        "__typename": "GenerateCheckSuccessPayload",
        "cmc7": row["cmc7"],
        "rlmc_key": row["rlmc_key"],
    }
