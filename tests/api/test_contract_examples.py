"""Issue 13, "examples on every operation": each operation of openapi.yaml shows an
example of its body (when it takes one) and of an answer, and every example is valid
against the schema it illustrates."""
from __future__ import annotations

import pytest

from service.contract import METHODS, compiled, inline, spec


def operations():
    for path, item in spec()["paths"].items():
        for method in METHODS:
            if method in item:
                yield pytest.param(item[method], id=item[method]["operationId"])


def examples(node):
    """(example, schema) of every media type under `node`."""
    for media in node.get("content", {}).values():
        if "example" in media:
            yield media["example"], media["schema"]
        for named in media.get("examples", {}).values():
            yield named["value"], media["schema"]


@pytest.mark.parametrize("operation", list(operations()))
def test_every_operation_shows_a_valid_example_of_its_body_and_an_answer(operation):
    root = spec()
    answers = [e for r in operation["responses"].values() for e in examples(inline(r, root))]
    bodies = list(examples(operation.get("requestBody", {})))
    assert answers, "no example of an answer"
    assert bodies or "requestBody" not in operation, "no example of the body"
    for example, schema in answers + bodies:
        errors = [e.message for e in compiled(inline(schema, root)).iter_errors(example)]
        assert errors == [], example


def test_docs_show_resolved_bodies_examples_and_how_to_authenticate(client):
    page = client.get("/docs").get_data(as_text=True)
    start = page.index('id="submitTurn"')
    submit = page[start:page.index('<div class="op"', start)]
    assert "$ref" not in submit and '"expected_version"' in submit and '"maxItems": 20' in submit
    assert "Authorization: Bearer &lt;token&gt;" in page
    assert '<a href="#auth-seatToken"><code>Bearer</code> seatToken</a>' in submit
    assert '"amount": 6' in submit                   # the body's example
