"""`OnboardingInfo.projectInfo`: the onboarding's project, as `projectInfo` shows it (the
onboarding pages show its branding; the unauthenticated API's `onboardingInfo` serves it)."""

from __future__ import annotations

from typing import Any

from ariadne import ObjectType
from ariadne.types import SchemaBindable

from ....graphql_compat import ResolveInfo
from ..accounts import statements

__all__ = ["bindables"]

onboarding_info = ObjectType("OnboardingInfo")
bindables: list[SchemaBindable] = [onboarding_info]


@onboarding_info.field("projectInfo")
def resolve_project_info(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    # The caller is the onboarding's project: the partner API finds onboardings in the
    # caller's project only, the unauthenticated API runs nested fields as the row's project.
    del row
    project: dict[str, Any] = statements.resolve_project_info(None, info)
    return project
