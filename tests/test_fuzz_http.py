"""Fuzzing the HTTP edge and the GraphQL endpoints with Hypothesis.

Thousands of generated GraphQL documents (fields real and unknown, aliases, arguments,
variables, directives, fragments that may spread each other in cycles, inline fragments,
introspection, mangled syntax) and malformed requests (any method, path, content type and
body) go through the app in-process. Every answer must be a JSON 4xx or a 200, never a 5xx
nor an internal error, and a refused request must leave the store of both environments
unchanged (a generated document may only open an onboarding, which needs no resource).
"""

from __future__ import annotations

import json
import random
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from graphql import (
    FieldNode,
    GraphQLSchema,
    Visitor,
    get_named_type,
    is_abstract_type,
    is_enum_type,
    is_input_object_type,
    is_leaf_type,
    is_list_type,
    is_non_null_type,
    is_union_type,
    parse,
    visit,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simulator import Simulator
from simulator.domain.sandbox.datasets import load_dataset
from simulator.limits import LimitSettings, RateLimit
from simulator.server.app import partner_schema

from .conftest import REDIRECT_URI, project_token

FUZZ = settings(
    max_examples=1_500,
    deadline=None,
    database=None,
    derandomize=True,  # the same examples every run: a failure is reproducible
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

FIELD_NAMES = [
    "accounts", "account", "consents", "consent", "cancelConsent", "edges", "node", "cursor",
    "id", "IBAN", "BIC", "name", "number", "currency", "status", "holder", "balances",
    "available", "value", "totalCount", "pageInfo", "hasNextPage", "endCursor", "message",
    "__typename", "__schema", "__type", "types", "fields", "ofType", "kind", "nope",
]  # fmt: skip
TYPE_NAMES = ["Account", "AccountConnection", "Query", "Rejection", "Consent", "__Schema", "Nope"]
ARGUMENT_NAMES = ["first", "after", "accountId", "consentId", "input", "name", "if"]
JUNK = [*'{}()[]:$@!."\\#=| ab\n\t,', "\u00e9", "\u20ac", "\U0001f600", "\x00", "..."]


#: Hypothesis draws a seed per example and a `random.Random` built from it generates the
#: request: drawing every choice from Hypothesis would cost ~10 ms per document, a seeded
#: generator ~0.1 ms. A failure names its seed, which reproduces it.
SEEDS = st.integers(min_value=0, max_value=2**64)


class DocumentGenerator:
    """GraphQL documents from a seeded `Random` (fast to draw, reproducible).

    Half follow the partner schema (real fields, arguments of the right or a wrong type,
    aliases, inline fragments on unions), the other half are soup: names real and unknown,
    fragments spreading each other (cycles included), directives, variables, introspection.
    Some are then mangled (a slice replaced by junk) into syntax errors of every kind.
    """

    def __init__(self, rnd: random.Random, schema: GraphQLSchema) -> None:
        self.rnd = rnd
        self.schema = schema

    # -- values ----------------------------------------------------------------------

    def scalar(self) -> str:
        rnd = self.rnd
        kind = rnd.randrange(6)
        if kind == 0:
            return str(rnd.randint(-(2**70), 2**70) if rnd.random() < 0.2 else rnd.randint(-3, 120))
        if kind == 1:
            text = "".join(rnd.choice(JUNK + list("xyz019")) for _ in range(rnd.randrange(8)))
            return json.dumps(text, ensure_ascii=rnd.random() < 0.5)
        return rnd.choice(["true", "false", "null", "Opened", "$v", "$first", "1.5e3", '"""b"""'])

    def value(self, depth: int = 0) -> str:
        rnd = self.rnd
        if depth > 2 or rnd.random() < 0.6:
            return self.scalar()
        if rnd.random() < 0.5:
            return "[" + ", ".join(self.value(depth + 1) for _ in range(rnd.randrange(3))) + "]"
        fields = (f"{self.name()}: {self.value(depth + 1)}" for _ in range(rnd.randrange(3)))
        return "{" + ", ".join(fields) + "}"

    def typed_value(self, type_: Any, depth: int = 0) -> str:
        """A literal of the type, sometimes of another one."""
        rnd = self.rnd
        if rnd.random() < 0.1 or depth > 3:
            return self.value()
        if is_non_null_type(type_):
            return self.typed_value(type_.of_type, depth)
        if is_list_type(type_):
            items = (self.typed_value(type_.of_type, depth + 1) for _ in range(rnd.randrange(3)))
            return "[" + ", ".join(items) + "]"
        if is_enum_type(type_):
            return rnd.choice(list(type_.values))
        if is_input_object_type(type_):
            fields = [
                f"{name}: {self.typed_value(field.type, depth + 1)}"
                for name, field in type_.fields.items()
                if is_non_null_type(field.type) or rnd.random() < 0.5
            ]
            return "{" + ", ".join(fields) + "}"
        if type_.name == "Int":
            return str(rnd.choice([0, 1, 2, 10, 50, 100, 101, -1]))
        if type_.name == "Boolean":
            return rnd.choice(["true", "false"])
        return json.dumps(rnd.choice(["", "x", "c-404", "zzz", "Y3Vyc29yOjI=", "\u20ac"]))

    # -- schema-following documents -------------------------------------------------

    def selection_set(self, type_: Any, depth: int) -> str:
        rnd = self.rnd
        named = get_named_type(type_)
        if is_leaf_type(named):
            return ""
        if is_union_type(named) or (is_abstract_type(named) and rnd.random() < 0.5):
            members = self.schema.get_possible_types(named)
            chosen = rnd.sample(list(members), min(len(members), rnd.randint(1, 3)))
            parts = [
                f"... on {member.name} {self.selection_set(member, depth)}" for member in chosen
            ]
            return "{ __typename " + " ".join(parts) + " }"
        fields = list(named.fields.items())
        chosen = [rnd.choice(fields) for _ in range(rnd.randint(1, 4))]
        parts = []
        for name, field in chosen:
            alias = f"{self.name()}_{len(parts)}: " if rnd.random() < 0.2 else ""
            args = [
                f"{arg_name}: {self.typed_value(arg.type)}"
                for arg_name, arg in field.args.items()
                if is_non_null_type(arg.type) or rnd.random() < 0.3
            ]
            arguments = f"({', '.join(args)})" if args else ""
            sub = self.selection_set(field.type, depth + 1) if depth < 8 else ""
            if not sub and not is_leaf_type(get_named_type(field.type)):
                sub = "{ __typename }"
            parts.append(f"{alias}{name}{arguments} {sub}")
        return "{ " + " ".join(parts) + " }"

    def schema_document(self) -> str:
        rnd = self.rnd
        if rnd.random() < 0.2 and self.schema.mutation_type is not None:
            return "mutation " + self.selection_set(self.schema.mutation_type, 0)
        return "query " + self.selection_set(self.schema.query_type, 0)

    # -- soup -----------------------------------------------------------------------

    def name(self) -> str:
        rnd = self.rnd
        if rnd.random() < 0.8:
            return rnd.choice(FIELD_NAMES)
        first = rnd.choice(string.ascii_letters + "_")
        return first + "".join(rnd.choice(string.ascii_letters + "_0123") for _ in range(5))

    def soup_selections(self, depth: int) -> str:
        rnd = self.rnd
        parts = []
        for _ in range(rnd.randint(1, 5)):
            kind = rnd.random()
            if kind < 0.15:
                parts.append(rnd.choice(["...F0", "...F1", "...F2", "...Missing"]))
            elif kind < 0.25 and depth < 6:
                type_name = rnd.choice(TYPE_NAMES)
                parts.append(f"... on {type_name} {self.soup_selections(depth + 1)}")
            else:
                alias = f"{self.name()}: " if rnd.random() < 0.2 else ""
                args = ""
                if rnd.random() < 0.3:
                    pairs = (
                        f"{rnd.choice(ARGUMENT_NAMES)}: {self.value()}"
                        for _ in range(rnd.randint(1, 3))
                    )
                    args = "(" + ", ".join(pairs) + ")"
                directive = rnd.choice(["", "", "", " @skip(if: true)", " @include(if: $v)", " @x"])
                sub = self.soup_selections(depth + 1) if depth < 6 and rnd.random() < 0.4 else ""
                parts.append(f"{alias}{self.name()}{args}{directive} {sub}")
        return "{ " + " ".join(parts) + " }"

    def soup_document(self) -> str:
        rnd = self.rnd
        definitions = []
        for _ in range(rnd.randint(1, 2)):
            kind = rnd.choice(["", "query", "query", "mutation", "subscription"])
            name = rnd.choice(["", "", "Op", "Other"])
            variables = rnd.choice(
                ["", "($v: Boolean)", "($first: Int = 2, $v: Boolean!)", "($v: [ID!]!)"]
            )
            definitions.append(f"{kind} {name}{variables} {self.soup_selections(0)}".strip())
        for number in range(rnd.randrange(4)):
            type_name = rnd.choice(TYPE_NAMES)
            definitions.append(f"fragment F{number} on {type_name} {self.soup_selections(1)}")
        return "\n".join(definitions)

    def document(self) -> str:
        rnd = self.rnd
        document = self.schema_document() if rnd.random() < 0.5 else self.soup_document()
        if rnd.random() < 0.2:
            start = rnd.randrange(len(document) + 1)
            end = rnd.randint(start, len(document))
            junk = "".join(rnd.choice(JUNK) for _ in range(rnd.randrange(6)))
            document = document[:start] + junk + document[end:]
        return document

    # -- JSON -------------------------------------------------------------------------

    def json_value(self, depth: int = 0) -> Any:
        rnd = self.rnd
        kind = rnd.randrange(9 if depth < 3 else 7)
        if kind == 0:
            return None
        if kind == 1:
            return rnd.random() < 0.5
        if kind == 2:
            return rnd.randint(-(2**64), 2**64)
        if kind == 3:
            return rnd.uniform(-1e9, 1e9)
        if kind in (4, 5, 6):
            return "".join(rnd.choice(JUNK + list("xyz")) for _ in range(rnd.randrange(8)))
        if kind == 7:
            return [self.json_value(depth + 1) for _ in range(rnd.randrange(4))]
        return {
            str(self.json_value(depth + 1)): self.json_value(depth + 1)
            for _ in range(rnd.randrange(4))
        }

    def variables(self) -> dict[str, Any] | None:
        rnd = self.rnd
        if rnd.random() < 0.4:
            return None
        names = rnd.sample(["v", "first", "after", "x"], rnd.randint(0, 3))
        return {name: self.json_value(1) for name in names}


def snapshot(sim: Simulator) -> dict[tuple[str, str], list[dict[str, Any]]]:
    """Every row of both environments, by environment and table."""
    return {
        (env.name, name): list(env.store.db[name].rows)
        for env in sim.environments.values()
        for name in sorted(env.store.db.table_names())
        # The journal records every request, refused or not: it is not state.
        if name not in ("journal_entries", "journal_secrets")
    }


def data_versions(sim: Simulator) -> list[int]:
    """Each environment's file's data version (`Store.data_version`): changed by any commit."""
    return [env.store.data_version() for env in sim.environments.values()]


@pytest.fixture(scope="module")
def fuzzed(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Simulator, httpx.Client, str]]:
    data_dir: Path = tmp_path_factory.mktemp("fuzz")
    # The default operation limits; a budget no fuzz run exhausts.
    limits = LimitSettings(rate_limit=RateLimit(requests=1_000_000))
    # No journal: it commits every request, and an unchanged file's data version is what
    # spares `test_generated_documents` a snapshot of every table after each request.
    with (
        Simulator(data_dir, limits=limits, journal_retention=0) as sim,
        sim.client() as http,
    ):
        project = sim.create_project("sandbox", "Fuzz", [REDIRECT_URI])
        load_dataset(sim.sandbox, project.project_id, "default")
        yield sim, http, project_token(http, project)


def check(response: httpx.Response) -> None:
    """A 200 or a 4xx, JSON, no trace."""
    status = response.status_code
    assert status < 500, (status, response.text[:500])
    assert status in (200, 400, 401, 404, 405, 413, 414, 415, 431), status
    assert response.headers["content-type"] == "application/json"
    if response.request.method == "HEAD":
        return  # no body, by definition
    assert isinstance(response.json(), dict)
    assert "Traceback" not in response.text


#: The partner API's mutations that need no existing resource: every field of their input
#: is optional, so a generated document may open an onboarding with them.
CREATE_FROM_NOTHING = {
    "onboardIndividualAccountHolder",
    "onboardCompanyAccountHolder",
    "createIndividualAccountHolderOnboarding",
    "createCompanyAccountHolderOnboarding",
    # An export of the project's resources takes no id, only optional filters.
    "exportAccountData",
    "exportAccountHolderData",
    "exportAccountMembershipData",
    "exportCardData",
    "exportOnboardingData",
    "exportTransactionData",
    "exportUserData",
    "createCapitalDepositCase",
}


def _field_names(query: str) -> set[str]:
    names: set[str] = set()

    class Names(Visitor):
        def enter_field(self, node: FieldNode, *_: Any) -> None:
            names.add(node.name.value)

    visit(parse(query), Names())
    return names


def _only_added(before: dict[Any, list[Any]], after: dict[Any, list[Any]]) -> bool:
    """Rows were inserted, none changed or removed (but the id counters, which move)."""
    return before.keys() == after.keys() and all(
        {repr(row) for row in rows} <= {repr(row) for row in after[key]}
        for key, rows in before.items()
        if key[1] != "id_sequences"
    )


def test_generated_documents(fuzzed: tuple[Simulator, httpx.Client, str]) -> None:
    sim, http, token = fuzzed
    state = [snapshot(sim)]
    versions = [data_versions(sim)]
    headers = {"Authorization": f"Bearer {token}"}
    statuses: set[int] = set()

    @FUZZ
    @given(seed=SEEDS)
    def post(seed: int) -> None:
        rnd = random.Random(seed)
        generator = DocumentGenerator(rnd, partner_schema())
        body: dict[str, Any] = {"query": generator.document()}
        variables = generator.variables()
        if variables is not None:
            body["variables"] = variables
        if rnd.random() < 0.3:
            body["operationName"] = rnd.choice(["Op", "Other", "Missing"])
        response = http.post(rnd.choice(GRAPHQL_PATHS), json=body, headers=headers)
        check(response)
        assert "INTERNAL_SERVER_ERROR" not in response.text, (body, response.text[:500])
        statuses.add(response.status_code)
        if response.status_code in (200, 400) and "data" in response.json():
            assert "cost" in response.json()["extensions"]
        # Refused requests change nothing; only an onboarding opened from nothing may add rows.
        # Nothing committed to either file (the same data versions): nothing to compare.
        if data_versions(sim) == versions[0]:
            return
        before, state[0] = state[0], snapshot(sim)
        versions[0] = data_versions(sim)
        if state[0] != before:
            assert response.status_code == 200, body
            assert _field_names(body["query"]) & CREATE_FROM_NOTHING, body
            assert _only_added(before, state[0]), body

    post()
    assert {200, 400} <= statuses  # the generator reaches operations that run, too


GRAPHQL_PATHS = ["/sandbox/graphql", "/sandbox/graphql", "/live/graphql"]
PATHS = ["/sandbox/graphql", "/sandbox-testing/graphql", "/live/graphql", "/oauth2/token", "/"]
CONTENT_TYPES = [
    "application/json",
    "application/json; charset=latin-1",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "text/plain",
    "",
]
AUTHORIZATIONS = [
    None,
    "valid",
    "Bearer ",
    "Bearer SANDBOX_AT_x",
    "Basic !!",
    "Basic OjA=",
    "Digest x",
]
METHODS = ["POST", "POST", "POST", "GET", "PUT", "DELETE", "OPTIONS", "PATCH", "HEAD"]


def malformed_body(rnd: random.Random, generator: DocumentGenerator) -> bytes:
    kind = rnd.randrange(6)
    if kind == 0:
        return rnd.randbytes(rnd.randrange(200))
    if kind == 1:
        text = "".join(rnd.choice([*JUNK, "\ud800", "\udfff"]) for _ in range(rnd.randrange(60)))
        return text.encode("utf-8", "surrogatepass")
    if kind == 2:
        return json.dumps(generator.json_value()).encode()
    if kind == 3:  # an object whose members have any JSON type, the query maybe a document
        query = generator.document() if rnd.random() < 0.5 else generator.json_value()
        payload = {
            "query": query,
            "variables": generator.json_value(),
            "operationName": generator.json_value(),
        }
        return json.dumps(payload).encode()
    if kind == 4:  # JSON with escapes no Unicode text has, or not JSON at all
        return rnd.choice(
            [b'{"query": "{ a }", "operationName": "\\ud800"}', b'{"query": NaN}', b"[" * 3000]
        )
    pairs = (f"{generator.name()}={generator.scalar()}" for _ in range(rnd.randrange(6)))
    return "&".join(pairs).encode("utf-8", "surrogatepass")


def test_malformed_requests(fuzzed: tuple[Simulator, httpx.Client, str]) -> None:
    sim, http, token = fuzzed
    before = snapshot(sim)

    @FUZZ
    @given(seed=SEEDS)
    def send(seed: int) -> None:
        rnd = random.Random(seed)
        generator = DocumentGenerator(rnd, partner_schema())
        content_type = rnd.choice(CONTENT_TYPES)
        headers = {"Content-Type": content_type} if content_type else {}
        authorization = rnd.choice(AUTHORIZATIONS)
        if authorization is not None:
            headers["Authorization"] = (
                f"Bearer {token}" if authorization == "valid" else authorization
            )
        if rnd.random() < 0.3:
            headers["Origin"] = rnd.choice(["http://127.0.0.1:9", "null"])
        path = rnd.choice(PATHS)
        if rnd.random() < 0.2:
            path = "/" + "".join(
                rnd.choice(JUNK + list("az/%?&=")) for _ in range(rnd.randrange(20))
            )
        try:
            response = http.request(
                rnd.choice(METHODS), path, content=malformed_body(rnd, generator), headers=headers
            )
        except httpx.InvalidURL:
            return  # a URL httpx itself refuses to send
        check(response)
        assert not any(name.startswith("access-control-") for name in response.headers)

    send()
    assert snapshot(sim) == before
