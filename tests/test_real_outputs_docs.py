"""Documents an agent reads with cat or a read tool (trimmed real files under
tests/fixtures/real/docs/): OpenAPI specs, CSV data sets shipped in PyPI packages,
Kubernetes manifests, and the same through a numbered gutter."""
from __future__ import annotations

import json
import re
from pathlib import Path

from engine.compressors.json_array import HTTP_METHODS
from tests.real_views import engine_view

REAL = Path(__file__).parent / "fixtures" / "real" / "docs"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def _routes_in_view(view: dict) -> dict[str, list[str]]:
    """Each route of the view's `paths` with its operations: shown, or named in a marker."""
    out: dict[str, list[str]] = {}
    for key, value in view["paths"].items():
        if not key.startswith("__caveman_elided__"):
            out[key] = [m for m in HTTP_METHODS if m in value]
            continue
        names = value["__caveman_names__"]
        prefix = ""
        if names.startswith("under "):
            prefix, names = names[len("under "):].split(": ", 1)
        listed = names.split(" ")
        assert len(listed) == value["__caveman_elided__"]
        for item in listed:
            m = re.fullmatch(r"(\S+?)(?:\[([a-z,]+)\])?", item)
            assert m is not None
            out[prefix + m.group(1)] = m.group(2).split(",") if m.group(2) else []
    return out


def test_openapi_paths_map_names_every_elided_route_with_its_operations(counter) -> None:
    # The `paths` of GitHub's OpenAPI spec (the /gists routes, from @octokit/openapi) were
    # collapsed to `"__caveman_elided__": {"__caveman_elided__": 2, …}`: the routes
    # /gists/{gist_id}/commits and /forks were gone from the view. Every route now stays,
    # shown or named in the marker with its operations.
    data = real("openapi-gists.json")
    view = engine_view(counter, data)
    assert '"__caveman_names__": "under /gists/{gist_id}/: commits[get] forks[get,post]"' in view
    original = json.loads(data)
    expected = {route: [m for m in HTTP_METHODS if m in item] for route, item in original["paths"].items()}
    assert _routes_in_view(json.loads(view)) == expected
