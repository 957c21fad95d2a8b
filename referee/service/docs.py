"""The service's own description: ``/openapi.yaml`` and the Swagger UI at ``/docs``.

``/openapi.yaml`` serves the committed top-level file when the service runs from a checkout (it
is the reviewed contract, and a test keeps it equal to the generated one); an installed service has
no such file and serves :func:`~referee.service.openapi.spec_yaml` instead, which is the same
text.

The request examples Swagger UI offers are real logs from ``examples/`` (see
:mod:`referee.service.openapi`). The Swagger UI comes from the ``swagger_ui_bundle`` package (no CDN).
Its version (4.15) predates
OpenAPI 3.1, so the page is fed ``/docs/openapi.json``: the same description written as 3.0
(``type: [X, 'null']`` becomes ``nullable``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from flask import Blueprint, Response, current_app, jsonify, send_from_directory, url_for
from swagger_ui_bundle import swagger_ui_path
from werkzeug.exceptions import NotFound

bp = Blueprint("docs", __name__)

#: The top-level openapi.yaml of a checkout: referee/service/docs.py -> the repository root.
REPO_OPENAPI = Path(__file__).resolve().parents[2] / "openapi.yaml"

_ASSETS = frozenset({"swagger-ui.css", "index.css", "swagger-ui-bundle.js",
                     "swagger-ui-standalone-preset.js", "favicon-32x32.png", "favicon-16x16.png"})

_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>UNO DUO referee — API</title>
<link rel="stylesheet" href="{css}">
<link rel="stylesheet" href="{site_css}">
<link rel="icon" type="image/png" href="{icon}">
</head>
<body>
<nav class="referee-site" aria-label="Site">
<a class="referee-home" href="{home}">UNO DUO <span>referee</span></a>
<a href="{rulebook}">Rulebook</a> <a href="{play}">Play</a> <a href="{replay}">Replay viewer</a>
</nav>
<div id="swagger-ui"></div>
<script src="{bundle}"></script>
<script src="{preset}"></script>
<script src="{init}"></script>
</body>
</html>
"""

_INIT = """window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: %s, dom_id: "#swagger-ui", deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: "StandaloneLayout"
  });
};
"""


#: The bar that leads back to the site, in the site's colours; Swagger UI's own layout is left alone.
#: (#b3261e: the rulebook's --accent, which this stylesheet cannot read.)
_SITE_CSS = """.referee-site { display: flex; flex-wrap: wrap; gap: .4rem 1.4rem; align-items: baseline;
  padding: .7rem max(1rem, calc((100% - 1420px) / 2 + 20px)); background: #b3261e; font: 16px/1.4 sans-serif; }
.referee-site a { color: #fff; text-decoration: none; }
.referee-site a:hover, .referee-site a:focus { text-decoration: underline; }
.referee-site .referee-home { font-weight: 700; margin-right: auto; }
.referee-site .referee-home span { font-weight: 400; opacity: .8; }
"""


def openapi_text() -> str:
    """The served description: the configured or top-level file if present, else generated."""
    configured = current_app.config.get("REFEREE_OPENAPI_PATH")
    path = Path(configured) if configured else REPO_OPENAPI
    if path.is_file():
        return path.read_text(encoding="utf-8")
    # Imported here: `python -m referee.service.openapi` must not find itself already imported.
    from referee.service.openapi import spec_yaml

    return spec_yaml()


@bp.get("/openapi.yaml")
def openapi():
    """The OpenAPI 3.1 description, as YAML."""
    return Response(openapi_text(), mimetype="application/yaml")


@bp.get("/docs")
@bp.get("/docs/", endpoint="docs_index")
def docs_page():
    """The Swagger UI page, at ``/docs`` and ``/docs/`` alike (its assets are linked by absolute path)."""
    asset = lambda name: url_for("docs.docs_asset", name=name)  # noqa: E731
    html = _PAGE.format(css=asset("swagger-ui.css"), icon=asset("favicon-32x32.png"),
                        site_css=url_for("docs.docs_site_css"), home=url_for("pages.home"),
                        rulebook=url_for("pages.rulebook"), play=url_for("pages.play"), replay=url_for("pages.replay"),
                        bundle=asset("swagger-ui-bundle.js"),
                        preset=asset("swagger-ui-standalone-preset.js"),
                        init=url_for("docs.docs_init"))
    return Response(html, mimetype="text/html")


@bp.get("/docs/init.js")
def docs_init():
    """The page's start script (a file, not inline, so a strict CSP can forbid inline scripts)."""
    url = url_for("docs.docs_spec")
    return Response(_INIT % f'"{url}"', mimetype="text/javascript")


@bp.get("/docs/site.css")
def docs_site_css():
    """The style of the bar above Swagger UI that leads back to the site."""
    return Response(_SITE_CSS, mimetype="text/css")


@bp.get("/docs/openapi.json")
def docs_spec():
    """The description as OpenAPI 3.0, for the bundled Swagger UI."""
    spec = yaml.safe_load(openapi_text())
    spec["openapi"] = "3.0.3"
    spec.pop("jsonSchemaDialect", None)
    spec.get("info", {}).get("license", {}).pop("identifier", None)
    return jsonify(as_openapi_30(spec))


@bp.get("/docs/<name>")
def docs_asset(name: str):
    """A file of the bundled Swagger UI (only those the page uses)."""
    if name not in _ASSETS:
        raise NotFound()
    return send_from_directory(swagger_ui_path, name, max_age=86400)


def as_openapi_30(node: Any) -> Any:
    """``node`` with 3.1's null types (``type: [X, 'null']``, ``anyOf: [..., {type: 'null'}]``)
    written as 3.0's ``nullable: true``, and without 3.1's ``patternProperties`` (platforms' fields)."""
    if isinstance(node, list):
        return [as_openapi_30(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: as_openapi_30(value) for key, value in node.items()}
    if "additionalProperties" in out:
        out.pop("patternProperties", None)  # 3.1 only: Swagger UI's 3.0 shows the log without x- fields
    kind = out.get("type")
    if isinstance(kind, list) and "null" in kind:
        rest = [k for k in kind if k != "null"]
        out["type"] = rest[0] if len(rest) == 1 else rest
        out["nullable"] = True
    for key in ("anyOf", "oneOf"):
        options = out.get(key)
        if isinstance(options, list) and {"type": "null"} in options:
            rest = [o for o in options if o != {"type": "null"}]
            del out[key]
            out.update({"allOf" if len(rest) == 1 else key: rest, "nullable": True})
    return out
