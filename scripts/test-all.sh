#!/usr/bin/env bash
# Installs what the tests need (Debian packages, running services) and runs every test:
# lint, typecheck, unit, API on PGlite, API on PostgreSQL, production build, browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

export TEST_DATABASE_URL_PG="${TEST_DATABASE_URL_PG:-postgres://postgres@127.0.0.1:5432/test}"
export TEST_REDIS_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379}"

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

need_pkgs=()
[ -x /usr/bin/chromium ] || need_pkgs+=(chromium)
command -v ffmpeg >/dev/null 2>&1 || need_pkgs+=(ffmpeg)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf ] || need_pkgs+=(fonts-dejavu-core)
command -v pdftoppm >/dev/null 2>&1 || need_pkgs+=(poppler-utils)
if [ ${#need_pkgs[@]} -gt 0 ]; then
  step "installing Debian packages: ${need_pkgs[*]}"
  if [ "$(id -u)" -ne 0 ]; then
    echo "Run as root, or install them yourself: sudo apt-get install -y ${need_pkgs[*]}" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_pkgs[@]}" >/dev/null
fi

if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  step "starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi
if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  step "starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no
  for _ in $(seq 1 30); do redis-cli ping >/dev/null 2>&1 && break; sleep 1; done
fi

step "lint";            npm run -s lint
step "format";          npm run -s format:check
step "typecheck";       npm run -s typecheck
# Each test run's output is also kept, to add up one closing line for the whole run.
results=$(mktemp)
trap 'rm -f "$results"' EXIT
step "unit tests";      npx vitest run | tee -a "$results"
step "API tests (PGlite)";     npm run -s test:api | tee -a "$results"
step "API tests (PostgreSQL)"; TEST_DATABASE_URL="$TEST_DATABASE_URL_PG" npm run -s test:api | tee -a "$results"
step "production build"; npm run -s build
step "browser tests";   npm run -s test:e2e | tee -a "$results"
step "all tests passed"
passed=$(sed 's/\x1b\[[0-9;]*m//g' "$results" | awk '$1 == "Tests" { for (i = 2; i <= NF; i++) if ($(i + 1) ~ /^passed/) n += $i } END { print n + 0 }')
echo "Tests: ${passed} passed, 0 failed"
