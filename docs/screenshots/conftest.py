"""`make screenshots` borrows the browser tests' fixtures (the same Chromium, found the same way)."""

from tests.browser.conftest import browser, context, starter_modules  # noqa: F401
