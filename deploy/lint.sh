#!/usr/bin/env bash
# Static checks of the deployment, run by .ci/run after the test suite:
#  - shellcheck on every shell script in the repository (found by their #! line);
#  - systemd-analyze verify on deploy/table-companion.service, deploy/table-companion-web.service
#    and its .path, strict: any warning fails;
#  - systemd-analyze security on both services (offline): an exposure above 2.0 fails.
# Installs shellcheck and systemd with apt if they are missing. Needs .venv (scripts/setup-env).
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

if ! command -v shellcheck >/dev/null || ! command -v systemd-analyze >/dev/null; then
    as_root apt-get update -q
    as_root apt-get install -y -q -o DPkg::Lock::Timeout=300 shellcheck systemd
fi

scripts=()
while IFS= read -r -d '' file; do
    if [ -f "$file" ] && head -n 1 "$file" | grep -Eq '^#!.*\b(ba|da)?sh\b'; then scripts+=("$file"); fi
done < <(git ls-files -z --cached --others --exclude-standard)
shellcheck --external-sources "${scripts[@]}"
echo "shellcheck: ${#scripts[@]} scripts clean (${scripts[*]})"

# The unit runs /opt/table-companion/venv/bin/table-companion, which exists on an installed Pi only.
# Verify the same unit with ExecStart pointing at the same console script pip installed in .venv;
# deploy/verify-arm64.sh verifies the unit as installed, unchanged.
entry_point=$PWD/.venv/bin/table-companion
if [ ! -x "$entry_point" ]; then
    echo "no $entry_point: run scripts/setup-env first" >&2
    exit 1
fi
rendered=$(mktemp -d)
trap 'rm -rf "$rendered"' EXIT
# The exposure systemd-analyze prints (0.0-10.0) is its --threshold scale (0-100) divided by ten.
readonly MAX_EXPOSURE=20
# The kiosk and the phones' web view; the web view's path unit is verified beside its service.
for unit in table-companion.service table-companion-web.service; do
    sed "s#^ExecStart=/opt/table-companion/venv/bin/table-companion#ExecStart=$entry_point#" \
        "deploy/$unit" >"$rendered/$unit"
    if cmp -s "deploy/$unit" "$rendered/$unit"; then
        echo "deploy/$unit: ExecStart is not /opt/table-companion/venv/bin/table-companion" >&2
        exit 1
    fi
done
cp deploy/table-companion-web.path "$rendered/"
for unit in table-companion.service table-companion-web.service table-companion-web.path; do
    report=$(systemd-analyze verify "$rendered/$unit" 2>&1) || true
    if [ -n "$report" ]; then
        echo "systemd-analyze verify deploy/$unit:" >&2
        echo "$report" >&2
        exit 1
    fi
    echo "systemd-analyze verify: deploy/$unit clean ($(systemd-analyze --version | head -n 1))"
done

for unit in table-companion.service table-companion-web.service; do
    if ! exposure=$(systemd-analyze security --offline=yes --threshold="$MAX_EXPOSURE" \
        "$rendered/$unit" 2>&1); then
        echo "systemd-analyze security deploy/$unit: exposure above 2.0" >&2
        echo "$exposure" >&2
        exit 1
    fi
    echo "systemd-analyze security: deploy/$unit ${exposure##*$'\n'}"
done
