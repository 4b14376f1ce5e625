"""Bring lists in from elsewhere: forgebuilder JSON, Battle Forge app lists and share links,
and forgebuilder's own text export. Plain Python (no HTTP): the import page calls `detect`."""
