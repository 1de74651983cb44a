#!/usr/bin/env bash
# Remove what deploy/install.sh added:
#
#     sudo deploy/uninstall.sh [--purge]
#
# Stops and removes the service, the udev rule and /opt/table-companion, and gives the desktop back
# if the install had switched the Pi to boot to the console. Kept unless --purge: the game database
# in /var/lib/table-companion with the table-companion user (so the kept files keep a named owner),
# and /etc/table-companion/config.toml if you edited it (an unedited copy of the template goes).
# --purge removes those too. System packages and system groups stay: other software may use them.
# Running it again changes nothing.
set -euo pipefail

readonly APP=table-companion
readonly PREFIX=/opt/table-companion
readonly RECORD=$PREFIX/install-record
readonly CONFIG_DIR=/etc/table-companion
readonly STATE_DIR=/var/lib/$APP
readonly UNIT=/etc/systemd/system/$APP.service
readonly WEB_UNITS=("/etc/systemd/system/$APP-web.path" "/etc/systemd/system/$APP-web.service")
readonly RULE=/etc/udev/rules.d/99-table-companion.rules

template=$(cd "$(dirname "$0")" && pwd)/config.toml
readonly template

say() { printf '%s\n' "$*"; }
booted() { [ -d /run/systemd/system ]; }

remove() {
    if [ -e "$1" ] || [ -L "$1" ]; then
        rm -rf "$1"
        say "removed $1"
    fi
}

remove_service() {
    local web
    for web in "${WEB_UNITS[@]}"; do
        if [ -e "$web" ]; then
            if booted; then systemctl stop "$(basename "$web")" || true; fi
            systemctl disable "$(basename "$web")" 2>/dev/null || true
            remove "$web"
        fi
    done
    if [ -e "$UNIT" ]; then
        if booted; then systemctl stop "$APP.service" || true; fi
        systemctl disable "$APP.service" 2>/dev/null || true
        remove "$UNIT"
        if booted; then systemctl daemon-reload; fi
    fi
    if [ -e "$RULE" ]; then
        remove "$RULE"
        if booted; then udevadm control --reload-rules; fi
    fi
}

restore_boot_target() {
    if [ -f "$RECORD" ] && grep -qx "default-target=graphical.target" "$RECORD"; then
        systemctl set-default graphical.target
        say "the Pi boots to the desktop again"
    fi
}

remove_config() {
    local purge=$1
    if [ "$purge" -eq 1 ]; then
        remove "$CONFIG_DIR"
    elif [ -f "$CONFIG_DIR/config.toml" ] && cmp -s "$template" "$CONFIG_DIR/config.toml"; then
        remove "$CONFIG_DIR/config.toml"
        rmdir --ignore-fail-on-non-empty "$CONFIG_DIR"
    elif [ -e "$CONFIG_DIR/config.toml" ]; then
        say "kept your edited $CONFIG_DIR/config.toml (--purge removes it)"
    fi
}

remove_data() {
    local purge=$1
    if [ "$purge" -eq 1 ]; then remove "$STATE_DIR"; fi
    if [ -d "$STATE_DIR" ]; then
        say "kept the game database in $STATE_DIR and the user $APP (--purge removes them)"
    elif id -u "$APP" >/dev/null 2>&1; then
        userdel "$APP"
        say "removed user $APP"
    fi
}

main() {
    local purge=0
    while [ $# -gt 0 ]; do
        case "$1" in
            --purge) purge=1 ;;
            -h | --help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; return 0 ;;
            *) say "unknown option $1 (see --help)" >&2; return 2 ;;
        esac
        shift
    done
    if [ "$(id -u)" -ne 0 ]; then
        say "run it as root: sudo $0" >&2
        return 1
    fi
    remove_service
    restore_boot_target
    remove "$PREFIX"
    remove_config "$purge"
    remove_data "$purge"
}

main "$@"
