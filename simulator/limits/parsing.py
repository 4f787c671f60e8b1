"""Parsing a GraphQL document safely: bounded bracket nesting and token count.

graphql-core's parser is recursive, and parses about 100,000 tokens a second: a deeply
nested or very long document would overflow the stack or keep it busy before any limit is
measured. `parse_document` checks both first; `measure_query` parses and measures.

```python
>>> bracket_nesting("{ a { b } }")
2

```
"""

from __future__ import annotations

import re
from itertools import accumulate
from typing import Final

from graphql import DocumentNode, GraphQLError, Source, parse

from .measure import measure_document
from .operation_limits import LIMIT_CODE, OperationCost, OperationLimitExceeded
from .short_lived import unlink_tokens

__all__ = [
    "DEFAULT_MAX_NESTING",
    "DEFAULT_MAX_TOKENS",
    "bracket_nesting",
    "measure_query",
    "parse_document",
]

#: Bracket nesting accepted by `parse_document` before graphql-core's recursive parser runs.
#: The parser spends about 4 Python frames per level and overflows near 245 levels with the
#: default recursion limit of 1,000; 100 keeps it well clear of that, even under a deep ASGI
#: call stack, while being several times what the most generous depth limit needs.
DEFAULT_MAX_NESTING: Final = 100

#: Tokens accepted by `parse_document`. graphql-core parses about 100,000 tokens a second,
#: so a 1 MiB body of bare names would keep it busy for seconds before any limit could be
#: measured. A 1,000-field document with an alias and two arguments on every field has about
#: 13,000 tokens; the standard introspection query has 180.
DEFAULT_MAX_TOKENS: Final = 15_000

# Each alternative also ends where the lexer would give up (end of line for a string, end of
# input for a block string), so an unterminated string is consumed once instead of being
# rescanned from every later quote, which would make hostile input quadratic; possessive
# quantifiers (Python 3.11+) rule out backtracking.
_STRINGS_AND_COMMENTS: Final = re.compile(
    r'"""(?:[^"\\]++|\\"""|\\|"(?!""))*+(?:"""|\Z)'  # block string: only \""" is an escape
    r'|"(?:[^"\\\n\r]++|\\[\s\S]?)*+(?:"|(?=[\n\r])|\Z)'  # string: ends at a line end
    r"|#[^\n\r]*"  # comment to end of line
)
_NOT_BRACKETS: Final = re.compile(r"[^{}\[\]()]+")
_BRACKET_STEP: Final = {"{": 1, "[": 1, "(": 1, "}": -1, "]": -1, ")": -1}


def bracket_nesting(source: str) -> int:
    """Deepest nesting of `{`, `[` and `(` in a GraphQL source, ignoring strings and comments.

    It bounds how deep graphql-core's recursive parser will recurse, and costs a couple of
    regular-expression passes. It agrees with the GraphQL lexer on every well-formed prefix of
    the document, which is all that matters: the parser stops at the first syntax error.

    ```python
    >>> bracket_nesting('{ a(x: "{{{") { b } } # }}}}}')
    2

    ```
    """
    text = source
    if '"' in text or "#" in text:
        text = _STRINGS_AND_COMMENTS.sub(" ", text)
    brackets = _NOT_BRACKETS.sub("", text)
    return max(accumulate(map(_BRACKET_STEP.__getitem__, brackets), initial=0))


def parse_document(
    source: str | Source,
    *,
    max_nesting: int = DEFAULT_MAX_NESTING,
    max_tokens: int | None = DEFAULT_MAX_TOKENS,
) -> DocumentNode:
    """`graphql.parse` guarded against documents nested deeper than its recursion can take,
    and against documents too long to parse quickly.

    graphql-core's parser is recursive and raises `RecursionError` near 245 nested selection
    sets. This checks the bracket nesting first and raises an `OperationLimitExceeded` with
    `limit="nesting"` instead. Parsing stops after `max_tokens` tokens with a `GraphQLError`
    whose `extensions` name the limit `tokens` (`None` lifts the cap). Syntax errors are
    graphql's own `GraphQLError` (other parser exceptions are wrapped in one, as Ariadne
    does). Suitable for
    Ariadne's `query_parser=lambda context, data: parse_document(data["query"])`.

    ```python
    >>> try:
    ...     parse_document("{" * 5000 + "}" * 5000)
    ... except OperationLimitExceeded as error:
    ...     print(error.message)
    Document exceeds the nesting limit: 5000 nested brackets, at most 100 allowed.

    ```
    """
    body = source.body if isinstance(source, Source) else source
    nesting = bracket_nesting(body)
    if nesting > max_nesting:
        raise OperationLimitExceeded("nesting", nesting, max_nesting, subject="Document")
    try:
        document = parse(source, max_tokens=max_tokens)
    except GraphQLError as error:
        if max_tokens is not None and (
            f"Document contains more than {max_tokens} tokens" in error.message
        ):
            raise GraphQLError(
                f"Document exceeds the token limit: more than {max_tokens} tokens, "
                f"at most {max_tokens} allowed.",
                extensions={"code": LIMIT_CODE, "limit": "tokens", "maximum": max_tokens},
            ) from None
        raise
    except RecursionError:
        # Only reachable with a lowered recursion limit or a very deep caller stack.
        raise GraphQLError(
            "Document is nested too deeply to parse.",
            extensions={"code": LIMIT_CODE, "limit": "nesting"},
        ) from None
    except Exception as error:
        # graphql-core 3.2's lexer raises IndexError on a string ending in a lone backslash
        # (`{ a(x: "\` at the end); report it as the syntax error it is.
        raise GraphQLError(f"Syntax Error: {error}.", original_error=error) from error
    unlink_tokens(document)  # freed by reference counting, not by the collector's full passes
    return document


def measure_query(
    query: str | Source,
    operation_name: str | None = None,
    *,
    max_nesting: int = DEFAULT_MAX_NESTING,
    max_tokens: int | None = None,
) -> list[OperationCost]:
    """Parse `query` with `parse_document` and measure it (see `measure_document`).

    Syntax errors raise graphql's `GraphQLError`; documents nested beyond `max_nesting`
    brackets raise `OperationLimitExceeded` (limit `nesting`). No token cap unless
    `max_tokens` is given (measuring is linear; the endpoints parse with the cap).

    ```python
    >>> [cost.depth for cost in measure_query("query A { a { b } } query B { c }")]
    [2, 1]

    ```
    """
    document = parse_document(query, max_nesting=max_nesting, max_tokens=max_tokens)
    return measure_document(document, operation_name)
