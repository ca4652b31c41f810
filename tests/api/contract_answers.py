"""Every answer checked against openapi.yaml as it is sent (issue 29): a Flask test
client whose every answer under /v1 must be one the contract documents, its status,
media type, body (JSON Schema 2020-12, the contract's own validator: service/contract.py)
and headers (each declared one present when required and matching its schema; none
undeclared but the plain and content-negotiation ones the contract's description
names). OPTIONS answers 204 with Allow and no body; a method a path does not take 405
problem+json with Allow, as the description says."""
from __future__ import annotations

import json
import re

from flask.testing import FlaskClient

from service.contract import compiled, spec

PLAIN_HEADERS = {"content-type", "content-length"}
# content negotiation on every answer (compression), said once in the description
NEGOTIATED = {"content-encoding"}
NOT_CHECKED = ("/v1/openapi.yaml",)


def operation_of(path: str, method: str) -> tuple[dict | None, set[str]]:
    """The contract's operation for the path and method (HEAD as GET), and every method
    the path takes."""
    for template, item in spec()["paths"].items():
        if re.fullmatch(re.sub(r"\{\w+\}", "[^/]+", template), path):
            taken = {m.upper() for m in item if m in ("get", "post", "put", "patch", "delete")}
            return item.get("get" if method == "HEAD" else method.lower()), taken
    return None, set()


def resolved(node: dict) -> dict:
    while "$ref" in node:
        target = spec()
        for part in node["$ref"][2:].split("/"):
            target = target[part]
        node = target
    return node


def validator(schema: dict):
    """The schema checked with the contract's components beside it (its $refs resolve)."""
    return compiled({"allOf": [schema], "components": spec()["components"]})


def header_errors(declared: dict, headers) -> list[str]:
    found = []
    for name, header in declared.items():
        header = resolved(header)
        value = headers.get(name)
        if value is None:
            if header.get("required"):
                found.append(f"header {name} missing")
            continue
        schema = header.get("schema", {})
        typed = int(value) if schema.get("type") == "integer" and value.isdigit() else value
        found += [f"header {name}: {e.message}" for e in validator(schema).iter_errors(typed)]
    names = {n.lower() for n in declared}
    for name, value in headers.items():
        lower = name.lower()
        if lower in names or lower in PLAIN_HEADERS or lower in NEGOTIATED:
            continue
        if lower == "vary" and value == "Accept-Encoding":
            continue
        found.append(f"header {name}: not declared")
    return found


def violations(method: str, path: str, answer) -> list[str]:
    """What of the answer the contract does not say ([] when it all matches)."""
    operation, taken = operation_of(path, method)
    status, media = answer.status_code, answer.mimetype
    if method == "OPTIONS":
        allowed = set(answer.headers.get("Allow", "").split(", "))
        implied = {"OPTIONS"} | ({"HEAD"} if "GET" in taken else set())
        return [] if status == 204 and not answer.data and allowed == taken | implied \
            or status == 404 and not taken else [f"OPTIONS answered {status} {allowed}"]
    if operation is None:
        if taken:
            if status != 405 or set(answer.headers.get("Allow", "").split(", ")) != taken:
                return [f"a method the path does not take answered {status} without its Allow"]
        elif status != 404:
            return [f"an undeclared path answered {status}"]
        return [] if media == "application/problem+json" else [f"{status} in {media}"]
    response = operation["responses"].get(str(status)) or operation["responses"].get("default")
    if response is None:
        return [f"status {status} is not documented"]
    response = resolved(response)
    found = header_errors(response.get("headers", {}), answer.headers)
    content = response.get("content", {})
    if not content:
        return found + ([f"a body in {media} where none is documented"] if answer.data else [])
    if media not in content:
        return found + [f"{media} is not documented (only {', '.join(content)})"]
    if media.endswith("json") and method != "HEAD":
        body = json.loads(answer.get_data())
        found += [f"body{''.join(f'[{p!r}]' for p in e.absolute_path)}: {e.message}"[:300]
                  for e in validator(content[media].get("schema", {})).iter_errors(body)]
    return found


class ContractClient(FlaskClient):
    """A test client asserting that each answer under /v1 is one the contract documents;
    `checked` counts (method, operation path, status) of each answer checked."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.checked: list[tuple[str, str, int]] = []

    def open(self, *args, **kwargs):
        answer = super().open(*args, **kwargs)
        request = answer.request
        if request.path.startswith("/v1/") and request.path not in NOT_CHECKED \
                and answer.mimetype != "text/event-stream":
            problems = violations(request.method, request.path, answer)
            assert not problems, (request.method, request.full_path, answer.status_code,
                                  answer.headers, problems)
            self.checked.append((request.method, request.path, answer.status_code))
        return answer
