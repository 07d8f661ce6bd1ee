"""Schemathesis against the OpenAPI schema: generated requests, valid and invalid, never get
a 5xx, and every answer matches the schema's documented status codes and bodies.

Requests go through the test's own client, so the app's lifespan (migrations, the live
registry) is the test's. Path ids and tokens are often swapped for real ones, so generated
bodies reach the rules and the database, not only the 404 and 403 checks."""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
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

from tests.server.helpers import create, token_of

CHECKS = [not_a_server_error, status_code_conformance, response_schema_conformance]
EXAMPLES = 25


def real_values(client: TestClient) -> dict[str, list[Any]]:
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


def send(client: TestClient, case: Any) -> Any:
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


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_generated_requests_get_no_server_error(client: TestClient, mode: GenerationMode) -> None:
    schema = schemathesis.openapi.from_dict(client.get("/openapi.json").json())
    real = real_values(client)
    results = list(schema.get_all_operations())
    assert all(isinstance(result, Ok) for result in results), results
    operations = [result.ok() for result in results if isinstance(result, Ok)]
    assert len(operations) >= 10
    fuzzed = 0
    for operation in operations:

        @given(case=operation.as_strategy(generation_mode=mode), data=st.data())
        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            database=None,
            derandomize=True,
            suppress_health_check=list(HealthCheck),
        )
        def run(case: Any, data: st.DataObject) -> None:
            substitute(case, real, data)
            case.validate_response(send(client, case), checks=CHECKS)

        try:
            run()
        except Unsatisfiable:
            # No invalid request exists for an operation without inputs.
            assert mode is GenerationMode.NEGATIVE
            continue
        fuzzed += 1
    # Only /healthz and /api/games take no input at all.
    assert fuzzed == len(operations) - (2 if mode is GenerationMode.NEGATIVE else 0)
