#!/usr/bin/env bash
# Installs what Mailroom's build and tests need on a Debian machine, and nothing that is there
# already: Debian packages (xmllint, Python's zeep, poppler's pdftotext, gnome-keyring and D-Bus for
# the keychain tests) and the npm packages of the lockfile.
set -euo pipefail
cd "$(dirname "$0")/.."

debian_packages=(libxml2-utils python3-zeep poppler-utils gnome-keyring dbus)
missing=()
for package in "${debian_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if ((${#missing[@]})); then
  sudo=''
  [ "$(id -u)" -eq 0 ] || sudo='sudo'
  echo "setup: installing Debian packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo 'setup: installing npm packages'
  npm ci --no-audit --no-fund --loglevel=error
fi

# A real VS Code (code-server) and Chromium for the extension's tests.
bash scripts/vscode/install.sh
