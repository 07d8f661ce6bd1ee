"""Schemathesis against the OpenAPI schema: generated requests, valid and invalid, never get
a 5xx, and every answer matches the schema's documented status codes and bodies.

Schemathesis only generates JSON a strict encoder can write, so a third run plants hostile
values in its bodies (NaN, infinities, numbers past a double, lone surrogates, Unicode
digits) and sends them as Python's ``json`` would write them.

Requests go through the test's own client, so the app's lifespan (migrations, the live
registry) is the test's. Path ids and tokens are often swapped for real ones, so generated
bodies reach the rules and the database, not only the 404 and 403 checks."""

from __future__ import annotations

import json
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import (
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)
from schemathesis.core.result import Ok

from tests.server.helpers import ServerClient, create, token_of

CHECKS = [not_a_server_error, status_code_conformance, response_schema_conformance]
EXAMPLES = 25
HOSTILE = "hostile"
#: Stands for a number no double holds; written into the body text after encoding.
_TOO_BIG = "\x00too-big\x00"
HOSTILE_VALUES: list[Any] = [
    float("nan"),
    float("inf"),
    float("-inf"),
    _TOO_BIG,
    "\ud800",
    "a\udfffb",
    "\ud83d",
    "²",
    "٣",
]


def real_values(client: ServerClient) -> dict[str, list[Any]]:
    """Values that exist, by the name of the field or parameter they may replace."""
    running = create(client, players=3, bots={"d2": "random"}, seed=71)
    finished = create(client, players=2, bots={"mrx": "random", "detectives": "random"})
    return {
        "match_id": [running["id"], finished["id"]],
        "token": [token_of(running, "mrx"), token_of(running, "d1")],
        "host_token": [running["host_token"]],
        "game": ["scotland-yard"],
        "players": [2, 3],
        "options": [{}, {"edition": "classic"}],
        "bots": [{}, {"d1": "random"}],
        "seat": ["mrx", "d1", "d2"],
        "level": ["random", None],
        "version": [0, 1],
        "as": ["d1", "all"],
    }


def substitute(case: Any, real: dict[str, list[Any]], data: st.DataObject) -> None:
    for container in (case.path_parameters, case.query, case.body):
        if not isinstance(container, dict):
            continue
        for key, values in real.items():
            if key in container and data.draw(st.booleans(), label=f"real {key}"):
                container[key] = data.draw(st.sampled_from(values), label=key)


def plant_hostile_value(case: Any, data: st.DataObject) -> None:
    """Put a hostile value in the body: in place of a field, in a new field, or inside a
    list or an object one level down."""
    if not isinstance(case.body, dict):
        case.body = {}
    value = data.draw(st.sampled_from(HOSTILE_VALUES), label="hostile value")
    wrapped = data.draw(
        st.sampled_from([value, [value], {"x": value}, {value: 1} if isinstance(value, str) else 1])
    )
    key = data.draw(st.sampled_from([*case.body, "options", "players", "x"]), label="field")
    if key == "options":
        wrapped = {"players": value} if data.draw(st.booleans()) else {"reveal_at": [value]}
    case.body[key] = wrapped


def send_hostile(client: ServerClient, case: Any) -> Any:
    kwargs = case.as_transport_kwargs(base_url="http://testserver")
    raw = json.dumps(case.body, allow_nan=True).replace(json.dumps(_TOO_BIG), "1e999999")
    return client.request(
        kwargs["method"],
        kwargs["url"],
        params=kwargs.get("params"),
        content=raw.encode(),
        headers={**(kwargs.get("headers") or {}), "content-type": "application/json"},
    )


def send(client: ServerClient, case: Any) -> Any:
    kwargs = case.as_transport_kwargs(base_url="http://testserver")
    body = {"json": kwargs["json"]} if "json" in kwargs else {}
    if "data" in kwargs:
        body = {"content": kwargs["data"]}
    return client.request(
        kwargs["method"],
        kwargs["url"],
        params=kwargs.get("params"),
        headers=kwargs.get("headers"),
        **body,
    )


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE, HOSTILE])
def test_generated_requests_get_no_server_error(
    client: ServerClient, mode: GenerationMode | str
) -> None:
    schema = schemathesis.openapi.from_dict(client.get("/openapi.json").json())
    real = real_values(client)
    results = list(schema.get_all_operations())
    assert all(isinstance(result, Ok) for result in results), results
    operations = [result.ok() for result in results if isinstance(result, Ok)]
    assert len(operations) >= 10
    fuzzed = 0
    generation = GenerationMode.POSITIVE if mode == HOSTILE else GenerationMode(mode)
    for operation in operations:
        if mode == HOSTILE and operation.method.upper() != "POST":
            continue

        @given(case=operation.as_strategy(generation_mode=generation), data=st.data())
        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            database=None,
            derandomize=True,
            suppress_health_check=list(HealthCheck),
        )
        def run(case: Any, data: st.DataObject) -> None:
            substitute(case, real, data)
            if mode == HOSTILE:
                plant_hostile_value(case, data)
                case.validate_response(send_hostile(client, case), checks=CHECKS)
                return
            case.validate_response(send(client, case), checks=CHECKS)

        try:
            run()
        except Unsatisfiable:
            # No invalid request exists for an operation without inputs.
            assert mode is GenerationMode.NEGATIVE
            continue
        fuzzed += 1
    if mode == HOSTILE:
        # Every route that takes a body: create, join, act, undo, open a seat, bot, rematch.
        assert fuzzed == 7
        return
    # Only /healthz and /api/games take no input at all.
    assert fuzzed == len(operations) - (2 if mode is GenerationMode.NEGATIVE else 0)
