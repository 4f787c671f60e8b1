import pytest

from simulator import NotFound, Simulator
from simulator.domain.kernel.queries import find_visible, with_filters


def test_with_filters_adds_conditions_and_parameters_only_for_given_filters() -> None:
    scope = ("project_id = ?", ["p"])
    where, params = with_filters(
        scope,
        {"account_id": "a", "status": ["Enabled", "Suspended"], "type": []},
        equal=("account_id", "card_id"),
        any_of=("status", "type"),
    )
    assert where == "project_id = ? AND account_id = ? AND status IN (?, ?)"
    assert params == ["p", "a", "Enabled", "Suspended"]
    assert scope == ("project_id = ?", ["p"])  # the scope itself is left as it was
    assert with_filters(scope, None, equal=("account_id",)) == scope


def test_find_visible_hides_what_the_scope_does_not_show(sim: Simulator) -> None:
    creds = sim.create_project("sandbox", "P", ["http://localhost/cb"])
    row = find_visible(sim.sandbox, "projects", ("1 = 1", []), creds.project_id, "Project")
    assert row["id"] == creds.project_id
    with pytest.raises(NotFound, match=f"Project {creds.project_id} was not found."):
        find_visible(sim.sandbox, "projects", ("name = ?", ["other"]), creds.project_id, "Project")
