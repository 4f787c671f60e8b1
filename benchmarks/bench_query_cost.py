"""Time the operation-limit check on a 1,000-field document against graphql-core's validation.

Run with `python benchmarks/bench_query_cost.py [--runs 200] [--quick]`. Prints the median
time of each variant and the ratios against `graphql.validate` with only `specified_rules`,
on the partner API's own schema (so the document cannot drift from the API unnoticed: it
must validate, and cost exactly 1,000, or the benchmark fails). No assertion about time:
timings depend on the machine; the figures go in the report.
"""

from __future__ import annotations

import functools
import itertools
import statistics
import sys
import time
from collections.abc import Callable, Iterator

from _bench import BenchmarkError, benchmark_parser, parse_args
from graphql import DocumentNode, GraphQLSchema, parse, specified_rules, validate

from simulator.limits import (
    SANDBOX_LIMITS,
    limit_errors,
    measure_document,
    operation_limit_rules,
    operation_limit_validator,
)
from simulator.server.app import partner_schema

#: The complexity the document is built to have: the Sandbox limit, exactly.
THOUSAND = 1000


def schema() -> GraphQLSchema:
    """The partner API's executable schema (built once per process)."""
    return partner_schema()


def thousand_field_document(inline: bool = False) -> tuple[str, DocumentNode]:
    """5 top-level fields, a fragment spread 160 times, depth 6: exactly 1,000 fields.

    With `inline=True` the fragment is written out at every spread (same counts, no fragment).
    """
    # Per top-level field: accounts, totalCount, pageInfo, hasNextPage, edges, cursor = 6, then
    # 32 aliased `node`s each spreading AccountFields (1 + 5 fields): 6 + 32 * 6 = 198.
    # 5 * 198 = 990, plus 10 aliased `totalCount`s on the last top-level field. The holder's
    # name is under `info` in the real schema: the holder's `id` is left out to keep 5 fields.
    account_fields = "id IBAN holder { info { name } }" if inline else "...AccountFields"
    nodes = " ".join(f"n{i}: node {{ {account_fields} }}" for i in range(32))
    block = "totalCount pageInfo { hasNextPage } edges { cursor " + nodes + " }"
    extra = " ".join(f"t{i}: totalCount" for i in range(10))
    tops = [f"a{i}: accounts(first: 10) {{ {block} }}" for i in range(4)]
    tops.append(f"a4: accounts(first: 10) {{ {block} {extra} }}")
    source = "query Thousand { " + " ".join(tops) + " }"
    if not inline:
        source += "\nfragment AccountFields on Account { id IBAN holder { info { name } } }"
    return source, parse(source)


def fresh_documents(source: str) -> Iterator[DocumentNode]:
    """New trees of `source`, each with a text of its own (a numbered comment at the end).

    The limit check and the validator remember what they computed for a tree, and for a
    text found valid (`simulator.limits.document_memo`): timing them on one tree would time a
    dictionary look-up. A new tree of a new text each run times the first sight of a document.
    """
    return (parse(f"{source}\n# fresh {n}") for n in itertools.count())


def median_ms(
    function: Callable[[DocumentNode], object], documents: Iterator[DocumentNode], runs: int
) -> float:
    """Median milliseconds of `function(document)`, one document of `documents` a run.

    Documents are taken (parsed, for fresh ones) outside the timed part.
    """
    function(next(documents))  # warm caches (rule classes, enter/leave maps)
    samples = []
    for _ in range(runs):
        document = next(documents)
        start = time.perf_counter_ns()
        function(document)
        samples.append(time.perf_counter_ns() - start)
    return statistics.median(samples) / 1e6


def checked_document(inline: bool = False) -> tuple[str, DocumentNode]:
    """`thousand_field_document`, checked: valid for the partner schema, costing 1,000."""
    source, document = thousand_field_document(inline)
    (cost,) = measure_document(document)
    if cost.complexity != THOUSAND:
        raise BenchmarkError(f"the document costs {cost.complexity}, not {THOUSAND}: {cost}")
    errors = validate(schema(), document, specified_rules)
    if errors:
        raise BenchmarkError(f"the document is not valid: {'; '.join(e.message for e in errors)}")
    return source, document


def bench(runs: int, inline: bool) -> None:
    source, document = checked_document(inline)
    (cost,) = measure_document(document)
    api_schema = schema()
    limit_rules = operation_limit_rules(SANDBOX_LIMITS)
    validator = operation_limit_validator(SANDBOX_LIMITS)
    same = itertools.repeat(document)
    check = functools.partial(limit_errors, limits=SANDBOX_LIMITS)
    # (name, function, documents): the memoising variants get a fresh document each run.
    variants: list[tuple[str, Callable[[DocumentNode], object], Iterator[DocumentNode]]] = [
        ("measure_document (no schema, no visitor)", measure_document, same),
        ("limit_errors", check, fresh_documents(source)),
        ("limit_errors, same tree again (remembered)", check, same),
        ("validate(..., limit rules only)", lambda d: validate(api_schema, d, limit_rules), same),
        ("validate(..., specified_rules + limit rules)",
         lambda d: validate(api_schema, d, [*specified_rules, *limit_rules]), same),
        ("operation_limit_validator(...)(specified_rules)",
         lambda d: validator(api_schema, d, specified_rules), fresh_documents(source)),
        ("operation_limit_validator, same text again (remembered)",
         lambda d: validator(api_schema, d, specified_rules), same),
    ]  # fmt: skip
    baseline = median_ms(lambda d: validate(api_schema, d, specified_rules), same, runs)
    kind = "fragment written out at every use" if inline else "one fragment spread 160 times"
    print(f"\n{kind}: {len(source)} characters, {cost.as_dict()}")
    print(f"{'variant':58} {'ms':>8} {'vs baseline':>12}")
    print(f"{'validate(..., specified_rules) [baseline]':58} {baseline:8.3f} {1:11.1%}")
    for name, function, documents in variants:
        elapsed = median_ms(function, documents, runs)
        print(f"{name:58} {elapsed:8.3f} {elapsed / baseline:11.1%}")
    parsing = median_ms(lambda _: parse(source), same, runs)
    print(f"{'parse (for scale)':58} {parsing:8.3f} {parsing / baseline:11.1%}")


def main(argv: list[str] | None = None) -> None:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--runs", type=int, default=200, help="timed runs per variant")
    args = parse_args(parser, {"runs": 10}, argv)
    print(f"median of {args.runs} runs, graphql-core {sys.modules['graphql'].__version__}")
    bench(args.runs, inline=False)
    bench(args.runs, inline=True)


if __name__ == "__main__":
    main()
