#!/usr/bin/env bash
# Installs what Mailroom's build and tests need on a Debian machine, and nothing that is there
# already: Debian packages (xmllint, Python's zeep, poppler's pdftotext, gnome-keyring and D-Bus for
# the keychain tests, faketime for the run of the tests with the clock far ahead, LibreOffice and
# the Liberation fonts for printing Word letters and HTML as they print) and the npm packages of
# the lockfile. Chromium, the print engine for HTML and Markdown, comes with the real VS Code below.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/apt-install.sh libxml2-utils python3-zeep poppler-utils gnome-keyring dbus faketime libreoffice-writer-nogui fonts-liberation

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo 'setup: installing npm packages'
  # `npm install`, not `npm ci`: the lockfile lacks the other platforms' builds of an optional
  # dependency of pdf.js (@napi-rs/canvas), which the registry here does not serve, and `npm ci`
  # refuses such a lockfile. The locked versions are installed all the same.
  npm install --no-audit --no-fund --loglevel=error
fi

# A real VS Code (code-server) and Chromium for the extension's tests.
bash scripts/vscode/install.sh
