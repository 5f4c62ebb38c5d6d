"""Schemathesis hooks of the GraphQL run (loaded through SCHEMATHESIS_HOOKS by test/fuzz/schemathesis.ts).

1. Strategies for the platform's custom scalars, which Schemathesis cannot guess.
2. `platform_server_fault`, the GraphQL run's server-error check. Schemathesis's own
   (`not_a_server_error`) counts every GraphQL error that has a `path` as a server error unless it
   carries an Apollo or graphql-java marker; the platform reports client mistakes raised in
   resolvers (a record not found, a missing scope, a value out of range) with a `path` and its own
   `extensions.code`. This check fails on what is the server's fault: an HTTP 5xx, or an error
   whose code is not one of the catalogue's client codes (PLATFORM_CLIENT_ERROR_CODES: every code
   with a 4xx status), which includes `internal_error` and an error without a code.
"""

import datetime
import json
import os

import graphql
import schemathesis
from hypothesis import strategies as st
from schemathesis.graphql import nodes

CLIENT_ERROR_CODES = frozenset(os.environ.get("PLATFORM_CLIENT_ERROR_CODES", "").split(","))

_offsets = st.sampled_from(["Z", "+00:00", "+01:00", "-05:30", "+14:00"])
_instants = st.datetimes(min_value=datetime.datetime(1970, 1, 1), max_value=datetime.datetime(2100, 1, 1))
schemathesis.graphql.scalar("DateTime", st.builds(lambda instant, offset: instant.strftime("%Y-%m-%dT%H:%M:%S") + offset, _instants, _offsets).map(nodes.String))
schemathesis.graphql.scalar("MinorUnits", st.integers(min_value=-(2**53 - 1), max_value=2**53 - 1).map(nodes.Int))


def _object(fields):
    return nodes.Object([graphql.ObjectFieldNode(name=graphql.NameNode(value=name), value=value) for name, value in fields.items()])


_names = st.from_regex(r"\A[_A-Za-z][_0-9A-Za-z]{0,15}\Z")
_json_values = st.recursive(
    st.one_of(
        st.just(nodes.Null),
        st.booleans().map(nodes.Boolean),
        st.integers(-(2**31), 2**31 - 1).map(nodes.Int),
        st.text(max_size=20).map(nodes.String),
    ),
    lambda children: st.one_of(st.lists(children, max_size=3).map(nodes.List), st.dictionaries(_names, children, max_size=3).map(_object)),
    max_leaves=6,
)
schemathesis.graphql.scalar("JSON", st.dictionaries(_names, _json_values, max_size=4).map(_object))


@schemathesis.check
def platform_server_fault(ctx, response, case):
    """Fails on an HTTP 5xx, or a GraphQL error whose code is not a client error of the catalogue."""
    if response.status_code >= 500:
        raise AssertionError(f"HTTP {response.status_code}: {response.text[:500]}")
    try:
        payload = json.loads(response.text)
    except ValueError:
        raise AssertionError(f"the answer is not JSON: {response.text[:200]}")
    errors = payload.get("errors") if isinstance(payload, dict) else None
    for error in errors or []:
        code = (error.get("extensions") or {}).get("code") if isinstance(error, dict) else None
        if code not in CLIENT_ERROR_CODES:
            raise AssertionError(f"an error that is not a client error of the catalogue (code {code!r}): {json.dumps(error)[:500]}")
    return None
