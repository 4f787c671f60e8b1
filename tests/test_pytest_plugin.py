"""The pytest plugin (docs/testing-your-integration.md), run by pytester on test files of a
partner's kind: no conftest of this project, the plugin named with `-p` as its entry point
names it (tests/test_wheel.py runs the same files where only the entry point loads it)."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest_plugins = ["pytester"]

PLUGIN = ("-p", "simulator.pytest_plugin")

#: A partner's tests: every fixture, and what a failing one leaves behind.
PARTNER_TESTS = """
import httpx
import pytest

ACCOUNTS = "{ accounts(first: 10) { edges { node { id name } } } }"


def graphql(http, token, query, variables=None):
    answer = http.post("/sandbox/graphql", json={"query": query, "variables": variables or {}},
                       headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_project_token_sees_the_default_dataset(banking_sim, sandbox_project, sandbox_token):
    assert banking_sim.clock.state.mode == "frozen"
    names = [e["node"]["name"] for e in graphql(banking_sim.client(), sandbox_token, ACCOUNTS)["data"]["accounts"]["edges"]]
    assert "Ada's current account" in names
    assert sandbox_project.client_id.startswith("SANDBOX_")


def test_user_token_through_the_pages(banking_sim, sandbox_user_token):
    data = graphql(banking_sim.client(), sandbox_user_token, "{ user { firstName } }")["data"]
    assert data["user"]["firstName"] == "Ada"
    assert sandbox_user_token.refresh_token


@pytest.mark.banking_dataset(None)
def test_no_dataset(banking_sim, sandbox_token):
    assert graphql(banking_sim.client(), sandbox_token, ACCOUNTS)["data"]["accounts"]["edges"] == []


def test_served_over_http(banking_server, sandbox_token):
    assert banking_server.base_url.startswith("http://127.0.0.1:")
    assert banking_server.sim.public_url == banking_server.base_url
    with httpx.Client(base_url=banking_server.base_url, timeout=60) as http:
        assert graphql(http, sandbox_token, "{ projectInfo { name } }")["data"]["projectInfo"]["name"] == "Integration tests"


@pytest.mark.banking_dataset(None)  # loaded below, once subscribed
def test_webhook_retries_on_the_virtual_clock(banking_sim, webhook_inbox, sandbox_project):
    webhook_inbox.subscribe(["Account.Created"], secret="s3cret")
    webhook_inbox.answer(503, times=1)  # the first delivery; its retry comes 5 s later
    from simulator.domain.sandbox.datasets import load_dataset
    load_dataset(banking_sim.sandbox, sandbox_project.project_id, "default")
    first = webhook_inbox.wait_for("Account.Created")  # sent at once: no move
    assert (first.status, banking_sim.now().isoformat()) == (503, "2026-01-05T09:00:00+00:00")
    got = webhook_inbox.wait_for(
        accepted=True, within="5m", where=lambda r: r.resource_id == first.resource_id
    )
    assert got.headers["x-swan-secret"] == "s3cret"
    assert got.at == "2026-01-05T09:00:05.000Z" == banking_sim.clock.timestamp()
    assert got.event_id == first.event_id


def test_nothing_comes(banking_sim, webhook_inbox):
    with pytest.raises(AssertionError, match="No delivery of Card.Created"):
        webhook_inbox.wait_for("Card.Created", within="1h")


def test_a_red_test(banking_sim, sandbox_token):
    banking_sim.advance("2h")
    graphql(banking_sim.client(), sandbox_token, "{ projectInfo { name } }")
    assert False, "the partner's bug"
"""


@pytest.fixture
def partner(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makepyfile(test_partner=PARTNER_TESTS)
    return pytester


def test_the_fixtures_and_a_failing_tests_report(partner: pytest.Pytester) -> None:
    result = partner.runpytest_subprocess(*PLUGIN, "-p", "no:cacheprovider")
    result.assert_outcomes(passed=6, failed=1)
    report = partner.path / "banking-reports" / "test_partner.py_test_a_red_test.ipynb"
    result.stdout.fnmatch_lines(["*banking sandbox*", f"*Bug report*{report}"])
    assert report.is_file()
    # The report replays what the red test did, from the fixtures' set-up.
    replay = partner.runpytest_subprocess(
        "--nbval", "--nbval-current-env", "-p", "no:cacheprovider", str(report)
    )
    assert replay.ret == 0, replay.stdout.str()


def test_on_two_xdist_workers(partner: pytest.Pytester) -> None:
    """pytest-xdist: each worker builds its own simulators (data dirs and ports of its own),
    and the red test still leaves its report."""
    result = partner.runpytest_subprocess(*PLUGIN, "-p", "no:cacheprovider", "-n", "2")
    result.assert_outcomes(passed=6, failed=1)
    assert (partner.path / "banking-reports" / "test_partner.py_test_a_red_test.ipynb").is_file()


def test_session_scope_on_two_xdist_workers(pytester: pytest.Pytester) -> None:
    """In the session scope, each worker's session has its simulator, served on a port of
    its own."""
    pytester.makepyfile(
        test_workers="""
        import httpx, pytest
        @pytest.mark.parametrize("n", range(4))
        def test_served(banking_server, sandbox_token, n):
            # 60 s: on a loaded machine the first answer of a worker's new server can take >5 s
            with httpx.Client(base_url=banking_server.base_url, timeout=60) as http:
                answer = http.post("/sandbox/graphql", json={"query": "{ projectInfo { name } }"},
                                   headers={"Authorization": f"Bearer {sandbox_token}"})
            assert answer.status_code == 200, answer.text
        """
    )
    result = pytester.runpytest_subprocess(*PLUGIN, "-n", "2", "--banking-scope=session")
    result.assert_outcomes(passed=4)


def test_session_scope_shares_one_simulator(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_session="""
        seen = []
        def test_one(banking_sim, sandbox_token):
            seen.append(banking_sim.data_dir)
        def test_two(banking_sim, sandbox_token):
            seen.append(banking_sim.data_dir)
            assert seen[0] == seen[1]
        """
    )
    result = pytester.runpytest_subprocess(*PLUGIN, "--banking-scope=session")
    result.assert_outcomes(passed=2)
    result = pytester.runpytest_subprocess(*PLUGIN, "--banking-scope=function")
    result.assert_outcomes(passed=1, failed=1)


def test_session_scope_refuses_two_datasets(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_two="""
        import pytest
        @pytest.mark.banking_dataset("workshop")
        def test_one(banking_sim): pass
        def test_two(banking_sim): pass
        """
    )
    result = pytester.runpytest_subprocess(*PLUGIN, "--banking-scope=session")
    result.stdout.fnmatch_lines(["*banking_dataset markers name ?'default', 'workshop'?*"])
    assert result.ret != 0


def test_the_plugin_imports_nothing_of_the_simulator_until_asked() -> None:
    """pytest loads the plugin in every session: it must not bring the simulator."""
    code = (
        "import sys, simulator.pytest_plugin; "
        "print(sorted(m for m in sys.modules if m.startswith('simulator.')))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert "_simulator" not in loaded and "server" not in loaded and "domain" not in loaded, loaded
