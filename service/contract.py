"""Requests are validated against openapi.yaml before any view runs: the path, its
parameters (path, query, header), the presence of a credential where the operation
requires one (a bearer token, or a cookie and header its security scheme names), the media type and the JSON body. Each operation's schemas are
compiled once (JSON Schema 2020-12, as OpenAPI 3.1 uses); failures become
problem+json naming each failing field and what is allowed."""
from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import regress
import yaml
from jsonschema import Draft202012Validator, ValidationError, validators

from service import problems

SPEC_PATH = Path(__file__).resolve().parent.parent / "openapi.yaml"
METHODS = ("get", "post", "put", "patch", "delete")
MAX_BODY = 64 * 1024                # unless an operation says x-max-body-bytes

UnsupportedMediaType = problems.problem(415, "unsupported-media-type",
                                        "The body must be application/json")


@cache
def spec_text() -> str:
    return SPEC_PATH.read_text()


@cache
def spec() -> dict:
    """The contract, read by libyaml's loader where PyYAML has it (a seventh of the
    pure-Python loader's time for the 4,000 lines: each process reads it at its start)."""
    return yaml.load(spec_text(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def inline(node, root: dict):
    """The node with every local $ref replaced by what it points to."""
    if isinstance(node, dict):
        if "$ref" in node and node["$ref"].startswith("#/"):
            target = root
            for part in node["$ref"][2:].split("/"):
                target = target[part]
            return inline(target, root)
        return {k: inline(v, root) for k, v in node.items()}
    if isinstance(node, list):
        return [inline(v, root) for v in node]
    return node


def is_integer(_checker, value) -> bool:
    """An integer is a JSON number without a fraction part written as one (1, not 1.0)."""
    return isinstance(value, int) and not isinstance(value, bool)


@cache
def ecma_regex(pattern: str) -> regress.Regex:
    return regress.Regex(pattern)


def ecma_pattern(validator, pattern: str, instance, _schema):
    """`pattern` as JSON Schema means it, an ECMA-262 regular expression (issue 29):
    jsonschema's own uses Python's re.search, whose `$` also matches before a final
    newline, so "ada@example.org\n" passed "...$"."""
    if validator.is_type(instance, "string") and ecma_regex(pattern).find(instance) is None:
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


Validator = validators.extend(
    Draft202012Validator, validators={"pattern": ecma_pattern},
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", is_integer))


def compiled(schema: dict) -> Draft202012Validator:
    return Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


@dataclass
class Parameter:
    name: str
    where: str                      # path | query | header
    required: bool
    validator: Draft202012Validator
    type: str | None


@dataclass
class Operation:
    method: str
    pattern: re.Pattern
    parameters: list[Parameter] = field(default_factory=list)
    credentials: tuple[tuple[tuple[str, str], ...], ...] = ()   # see carriers(); () if none
    body: Draft202012Validator | None = None     # a JSON body's schema
    media_types: tuple[str, ...] = ()            # what the body may be
    max_body: int = MAX_BODY


def checked() -> dict:
    """The contract as a request is checked against it: `AnyMove` (what a turn's moves
    are, each game's moves for a generated client, issue 29) checked as the plain `Move`
    it ends with, which takes the same moves (each game's move narrows it:
    tests/api/test_contract_generated.py) in microseconds, where the union's 80 members
    took 20-30 ms a move, 0.6 s of CPU for a turn of 20 moves."""
    root = spec()
    schemas = root["components"]["schemas"]
    return {**root, "components": {**root["components"],
                                   "schemas": {**schemas, "AnyMove": schemas["Move"]}}}


@cache
def operations() -> list[Operation]:
    root, found = checked(), []
    for path, item in inline(root["paths"], root).items():
        pattern = re.compile("^" + re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", path) + "$")
        for method in METHODS:
            if method not in item:
                continue
            op = item[method]
            params = [Parameter(p["name"], p["in"], p.get("required", False),
                                compiled(p["schema"]), p["schema"].get("type"))
                      for p in item.get("parameters", []) + op.get("parameters", [])]
            security = op.get("security", root.get("security", []))
            schemes = root.get("components", {}).get("securitySchemes", {})
            content = op.get("requestBody", {}).get("content", {})
            body = content.get("application/json")
            found.append(Operation(method.upper(), pattern, params,
                                   carriers(security, schemes),
                                   compiled(body["schema"]) if body else None, tuple(content),
                                   op.get("x-max-body-bytes", MAX_BODY)))
    return found


def carriers(security: list[dict], schemes: dict) -> tuple:
    """Each way the operation may be authorised, as the (where, name) of what the
    request must carry for it: ("header", "Authorization") for a bearer scheme, the
    cookie or header an apiKey scheme names; () when it may be called without any."""
    if not security or {} in security:
        return ()
    return tuple(tuple(("header", "Authorization") if schemes[name]["type"] == "http"
                       else (schemes[name]["in"], schemes[name]["name"]) for name in need)
                 for need in security)


def carries(request, where: str, name: str) -> bool:
    found = request.cookies.get(name) if where == "cookie" else request.headers.get(name)
    return bool((found or "").strip())


def said(where: str, name: str) -> str:
    return ("'Authorization: Bearer <token>'" if name == "Authorization"
            else f"the {name} {where}")


def largest_body() -> int:
    """The largest body any operation takes (the server reads no more than one byte past it)."""
    return max(op.max_body for op in operations())


def validate(request) -> None:
    """Raise a Problem when the request does not match the contract."""
    if request.method == "OPTIONS":
        return                                  # Flask answers it with Allow
    method, path = "GET" if request.method == "HEAD" else request.method, request.path
    matches = [(op, m) for op in operations() if (m := op.pattern.match(path))]   # one proxy read
    if not matches:
        raise problems.NotFound(f"no such resource: {path}")
    operation = next((op for op, _ in matches if op.method == method), None)
    if operation is None:
        allowed = ", ".join(sorted({op.method for op, _ in matches}))
        raise problems.MethodNotAllowed(f"{request.path} takes {allowed}",
                                        headers={"Allow": allowed})
    path_values = next(m for op, m in matches if op is operation).groupdict()
    errors = list(parameter_errors(operation, request, path_values))
    if operation.credentials and not any(all(carries(request, *c) for c in need)
                                         for need in operation.credentials):
        raise problems.Unauthorized("this operation needs " + " or ".join(
            " with ".join(said(*c) for c in need) for need in operation.credentials))
    if operation.media_types and request.mimetype not in operation.media_types:
        raise UnsupportedMediaType(f"Content-Type {request.mimetype or 'none'} is not "
                                   f"allowed here; send {' or '.join(operation.media_types)}")
    if (request.content_length or 0) > operation.max_body or \
            len(request.get_data(cache=True)) > operation.max_body:
        raise problems.TooLarge(f"the body may hold at most {operation.max_body} bytes")
    if operation.body is not None:
        body, problem = parsed_body(request)
        if problem:
            errors.append({"field": "body", "message": problem})
        else:
            errors += schema_errors(operation.body, body)
    if errors:
        raise problems.ValidationFailed("; ".join(f"{e['field']}: {e['message']}"
                                                  for e in errors), errors=errors)


def parsed_body(request) -> tuple[object, str | None]:
    """The JSON body, or why it is not one."""
    try:
        body = json.loads(request.get_data(cache=True))
        json.dumps(body, ensure_ascii=False).encode("utf-8")
    except RecursionError:
        return None, "is nested too deeply"
    except UnicodeEncodeError:
        return None, "holds a lone surrogate: text must be valid Unicode"
    except ValueError as bad:
        return None, f"is not valid JSON ({bad})"
    return body, None


def parameter_errors(operation: Operation, request, path_values: dict):
    sources = {"path": path_values, "query": request.args, "header": request.headers}
    for param in operation.parameters:
        raw = sources[param.where].get(param.name)
        if raw is None:
            if param.required:
                yield {"field": param.name, "message": "is required"}
            continue
        try:
            value = {"integer": int, "number": float}.get(param.type, str)(raw)
        except ValueError:
            yield {"field": param.name, "message": f"{raw!r} is not of type {param.type!r}"}
            continue
        if isinstance(value, float) and not math.isfinite(value):
            yield {"field": param.name, "message": f"{raw!r} is not a finite number"}
            continue
        yield from schema_errors(param.validator, value, prefix=param.name)


def schema_errors(validator: Draft202012Validator, value, prefix: str = ""):
    """Each failing field as {"field": "moves[0].action", "message": ...}."""
    out = []
    for error in sorted(validator.iter_errors(value), key=lambda e: list(e.absolute_path)):
        path = prefix + "".join(f"[{p}]" if isinstance(p, int) else f".{p}"
                                for p in error.absolute_path)
        out.append({"field": path.lstrip(".") or "body", "message": error.message})
    return out
