"""Fixtures of the offline tests, borrowed from the account tests."""

from __future__ import annotations

from tests.accounts.conftest import ada  # noqa: F401
