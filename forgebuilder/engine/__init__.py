"""The rules engine: the list document, resolving it against a module's catalogue, the checks of
each ruleset and the report, with the hooks wings plug into. Plain Python: no module here imports
Django (tests/test_import_graph.py holds it), so tests call it without a database or HTTP.
Other apps reach it through `forgebuilder.engine.api`."""
