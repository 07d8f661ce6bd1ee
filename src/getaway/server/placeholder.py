"""The page served at ``/``, ``/play/...`` and ``/watch/...`` until the web client exists."""

PLACEHOLDER_HTML = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>getaway</title></head>
<body>
<h1>getaway</h1>
<p>The web client is coming. Until then, matches are played through the HTTP API:
see the <a href="/docs">API documentation</a> (OpenAPI schema at
<a href="/openapi.json">/openapi.json</a>).</p>
</body>
</html>
"""
