"""Browser tests (Playwright + Debian Chromium). A package, so that its module names
(browser.test_book, browser.conftest) do not clash with tests/test_book.py and tests/conftest.py."""
