"""Time the operation-limit check on a 1,000-field document against graphql-core's validation.

Run with `python benchmarks/bench_query_cost.py [runs]` (default 200 runs). Prints the median
time of each variant and the ratios against `graphql.validate` with only `specified_rules`.
No assertion: timings depend on the machine; the figures go in the report.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable

from graphql import DocumentNode, build_schema, parse, specified_rules, validate

from simulator.limits import (
    SANDBOX_LIMITS,
    limit_errors,
    measure_document,
    operation_limit_rules,
    operation_limit_validator,
)

SCHEMA = build_schema(
    """
    type Query { accounts(first: Int, after: String): AccountConnection! }
    type AccountConnection { totalCount: Int! edges: [AccountEdge!]! pageInfo: PageInfo! }
    type AccountEdge { cursor: String! node: Account! }
    type PageInfo { hasNextPage: Boolean! endCursor: String }
    type Account { id: ID! IBAN: String name: String holder: AccountHolder! }
    type AccountHolder { id: ID! name: String accounts(first: Int): AccountConnection! }
    """
)


def thousand_field_document(inline: bool = False) -> tuple[str, DocumentNode]:
    """5 top-level fields, a fragment spread 160 times, depth 5: exactly 1,000 fields.

    With `inline=True` the fragment is written out at every spread (same counts, no fragment).
    """
    # Per top-level field: accounts, totalCount, pageInfo, hasNextPage, edges, cursor = 6, then
    # 32 aliased `node`s each spreading AccountFields (1 + 5 fields): 6 + 32 * 6 = 198.
    # 5 * 198 = 990, plus 10 aliased `totalCount`s on the last top-level field.
    account_fields = "id IBAN holder { id info { name } }" if inline else "...AccountFields"
    nodes = " ".join(f"n{i}: node {{ {account_fields} }}" for i in range(32))
    block = "totalCount pageInfo { hasNextPage } edges { cursor " + nodes + " }"
    extra = " ".join(f"t{i}: totalCount" for i in range(10))
    tops = [f"a{i}: accounts(first: 10) {{ {block} }}" for i in range(4)]
    tops.append(f"a4: accounts(first: 10) {{ {block} {extra} }}")
    source = "query Thousand { " + " ".join(tops) + " }"
    if not inline:
        source += "\nfragment AccountFields on Account { id IBAN holder { id info { name } } }"
    return source, parse(source)


def median_ms(function: Callable[[], object], runs: int) -> float:
    function()  # warm caches (rule classes, enter/leave maps)
    samples = []
    for _ in range(runs):
        start = time.perf_counter_ns()
        function()
        samples.append(time.perf_counter_ns() - start)
    return statistics.median(samples) / 1e6


def bench(runs: int, inline: bool) -> None:
    source, document = thousand_field_document(inline)
    (cost,) = measure_document(document)
    assert cost.complexity == 1000, cost
    assert validate(SCHEMA, document, specified_rules) == []
    limit_rules = operation_limit_rules(SANDBOX_LIMITS)
    validator = operation_limit_validator(SANDBOX_LIMITS)

    baseline = median_ms(lambda: validate(SCHEMA, document, specified_rules), runs)
    variants = {
        "measure_document (no schema, no visitor)": lambda: measure_document(document),
        "limit_errors": lambda: limit_errors(document, SANDBOX_LIMITS),
        "validate(..., limit rules only)": lambda: validate(SCHEMA, document, limit_rules),
        "validate(..., specified_rules) [baseline]": None,
        "validate(..., specified_rules + limit rules)": lambda: validate(
            SCHEMA, document, [*specified_rules, *limit_rules]
        ),
        "operation_limit_validator(...)(specified_rules)": lambda: validator(
            SCHEMA, document, specified_rules
        ),
        "parse (for scale)": lambda: parse(source),
    }
    kind = "fragment written out at every use" if inline else "one fragment spread 160 times"
    print(f"\n{kind}: {len(source)} characters, {cost.as_dict()}")
    print(f"{'variant':52} {'ms':>8} {'vs baseline':>12}")
    for name, function in variants.items():
        elapsed = baseline if function is None else median_ms(function, runs)
        print(f"{name:52} {elapsed:8.3f} {elapsed / baseline:11.1%}")


def main(runs: int = 200) -> None:
    print(f"median of {runs} runs, graphql-core {sys.modules['graphql'].__version__}")
    bench(runs, inline=False)
    bench(runs, inline=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
