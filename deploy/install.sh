#!/usr/bin/env bash
# Install or upgrade Table Companion as a kiosk on Raspberry Pi OS (64-bit, Bookworm or Trixie,
# Lite or Desktop), from this checkout:
#
#     sudo deploy/install.sh [--keep-desktop]
#
# Installs the system packages the app needs, a virtual environment in /opt/table-companion with the
# app and exactly the packages of requirements/app.lock (pinned, hashes checked), the system user
# table-companion (groups gpio, dialout, input, video, render), the config file
# /etc/table-companion/config.toml (only if absent), the udev rule for the scanner and the systemd
# service, and enables them. Running it again changes nothing that is already right and upgrades
# the app. Without a running systemd (a chroot, an image being built) it installs and enables
# everything and leaves starting to the next boot.
#
# On Raspberry Pi OS Desktop the desktop owns the display, so the Pi is switched to boot to the
# console, where the kiosk takes the screen (undo: sudo systemctl set-default graphical.target).
# --keep-desktop leaves the boot target alone.
set -euo pipefail

readonly APP=table-companion
readonly PREFIX=/opt/table-companion
readonly VENV=$PREFIX/venv
readonly RECORD=$PREFIX/install-record
readonly CONFIG=/etc/table-companion/config.toml
readonly UNIT=/etc/systemd/system/$APP.service
readonly WEB_UNIT=/etc/systemd/system/$APP-web.service
readonly WEB_PATH=/etc/systemd/system/$APP-web.path
readonly RULE=/etc/udev/rules.d/99-table-companion.rules
readonly DEVICE_GROUPS=(gpio dialout input video render)
# Python with venv; Mesa's GL/EGL, GBM and DRM for Kivy's SDL2 (KMS/DRM on Lite); mtdev for touch.
readonly PACKAGES=(python3 python3-venv python3-pip libgl1 libegl1 libgl1-mesa-dri libegl-mesa0
    libgbm1 libdrm2 libmtdev1)
# Raspberry Pi OS ships gpiozero's preferred pin driver as a system package only (PyPI has no
# working aarch64 build): the venv sees it through --system-site-packages.
readonly PI_PACKAGES=(python3-lgpio)

checkout=$(cd "$(dirname "$0")/.." && pwd)
readonly checkout
changes=0
build_copy=""  # the temporary copy of the checkout pip builds from

usage() {
    awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
}

say() { printf '%s\n' "$*"; }
changed() {
    changes=$((changes + 1))
    say "changed: $*"
}

booted() { [ -d /run/systemd/system ]; }

installed() {
    dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"
}

install_packages() {
    local wanted=("${PACKAGES[@]}") missing=() package
    for package in "${PI_PACKAGES[@]}"; do
        if apt-cache show "$package" >/dev/null 2>&1; then wanted+=("$package"); fi
    done
    for package in "${wanted[@]}"; do
        installed "$package" || missing+=("$package")
    done
    if [ "${#missing[@]}" -eq 0 ]; then return; fi
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
        -o DPkg::Lock::Timeout=300 "${missing[@]}"
    changed "installed ${missing[*]}"
}

ensure_user() {
    local group
    for group in "${DEVICE_GROUPS[@]}"; do
        # gpio exists on Raspberry Pi OS only; elsewhere (a test root) it is created empty.
        if ! getent group "$group" >/dev/null; then
            groupadd --system "$group"
            changed "created group $group"
        fi
    done
    if ! id -u "$APP" >/dev/null 2>&1; then
        useradd --system --user-group --home-dir "/var/lib/$APP" --no-create-home \
            --shell /usr/sbin/nologin --comment "Table Companion kiosk" "$APP"
        changed "created system user $APP"
    fi
    for group in "${DEVICE_GROUPS[@]}"; do
        if ! id -nG "$APP" | tr ' ' '\n' | grep -qx "$group"; then
            usermod --append --groups "$group" "$APP"
            changed "added $APP to group $group"
        fi
    done
}

python_version() { "$1" -c 'import sys; print("%d.%d" % sys.version_info[:2])'; }

install_app() {
    if [ -x "$VENV/bin/python" ] && [ "$(python_version "$VENV/bin/python")" != "$(python_version python3)" ]; then
        rm -rf "$VENV"  # the system's Python changed (a Bookworm to Trixie upgrade): start afresh
        changed "removed the virtual environment of an older Python"
    fi
    if [ ! -x "$VENV/bin/python" ]; then
        python3 -m venv --system-site-packages "$VENV"
        changed "created $VENV"
    fi
    # pip builds in the source tree: build from a copy so the checkout gets no root-owned files.
    build_copy=$(mktemp -d)
    trap 'rm -rf "$build_copy"' EXIT
    tar -C "$checkout" -c --exclude=.git --exclude=.venv --exclude=build --exclude='*.egg-info' \
        --exclude=__pycache__ --exclude=.pytest_cache --exclude=.hypothesis --exclude=.ruff_cache \
        --exclude=.benchmarks . | tar -C "$build_copy" -x
    # Exactly the locked files, their hashes checked (the same versions on every Pi; refreshed by
    # scripts/lock-deps), then the app built by the locked setuptools and babel.
    local pip=("$VENV/bin/python" -m pip --quiet --disable-pip-version-check)
    "${pip[@]}" install --require-hashes --no-deps -r "$build_copy/requirements/app.lock"
    "${pip[@]}" install --no-deps --no-build-isolation "$build_copy"
    say "app: $("$VENV/bin/python" -m pip show "$APP" | sed -n 's/^Version: //p') installed from $checkout"
}

# Copies FILE to TARGET (mode 0644) unless TARGET already has the same content; true if it copied.
place() {
    if [ -f "$2" ] && cmp -s "$1" "$2"; then return 1; fi
    install -D -m 0644 "$1" "$2"
    changed "wrote $2"
}

install_config() {
    if [ ! -e "$CONFIG" ]; then
        place "$checkout/deploy/config.toml" "$CONFIG" || true
    elif ! cmp -s "$checkout/deploy/config.toml" "$CONFIG"; then
        say "kept your $CONFIG (the template is deploy/config.toml)"
    fi
    # The app's own loader judges it: a config the app would refuse fails the install, not the boot.
    if ! "$VENV/bin/python" -c 'import sys; from pathlib import Path
from companion.installation.config import ConfigError, load_config
try:
    load_config(Path(sys.argv[1]))
except ConfigError as error:
    sys.exit(f"{sys.argv[1]}: {error}")' "$CONFIG"; then
        say "fix $CONFIG and run the install again" >&2
        exit 1
    fi
}

install_udev_rule() {
    place "$checkout/deploy/99-table-companion.rules" "$RULE" || return 0
    if booted; then
        udevadm control --reload-rules
        udevadm trigger --action=add --subsystem-match=tty
    fi
}

install_service() {
    local unit_changed=0
    place "$checkout/deploy/$APP.service" "$UNIT" && unit_changed=1
    if [ "$unit_changed" -eq 1 ] && booted; then systemctl daemon-reload; fi
    if ! systemctl is-enabled --quiet "$APP.service" 2>/dev/null; then
        systemctl enable "$APP.service"
        changed "enabled $APP.service"
    fi
}

# The phones' web view: its service is not enabled; its path unit starts it while the table has
# phones on (Settings > Phones writes the join link's token beside the database).
install_web_service() {
    local unit_changed=0
    place "$checkout/deploy/$APP-web.service" "$WEB_UNIT" && unit_changed=1
    place "$checkout/deploy/$APP-web.path" "$WEB_PATH" && unit_changed=1
    if [ "$unit_changed" -eq 1 ] && booted; then systemctl daemon-reload; fi
    if ! systemctl is-enabled --quiet "$APP-web.path" 2>/dev/null; then
        systemctl enable "$APP-web.path"
        changed "enabled $APP-web.path (phones stay off until the table turns them on)"
    fi
    if booted && [ "$unit_changed" -eq 1 ]; then systemctl restart "$APP-web.path"; fi
}

# On Desktop the display manager holds the display: the kiosk needs the console boot target.
# (Lite boots to graphical.target too, Debian's default, but has no display manager to start.)
console_boot() {
    local keep_desktop=$1
    if [ ! -e /etc/systemd/system/display-manager.service ]; then return; fi
    if [ "$(systemctl get-default 2>/dev/null)" != graphical.target ]; then return; fi
    if [ "$keep_desktop" -eq 1 ]; then
        say "note: the Pi boots to the desktop (--keep-desktop), which holds the display the kiosk needs"
        return
    fi
    systemctl set-default multi-user.target
    echo "default-target=graphical.target" >>"$RECORD"
    changed "boot to the console, where the kiosk takes the screen (undo: sudo systemctl set-default graphical.target)"
}

start_service() {
    if ! booted; then
        say "systemd is not running here: $APP.service starts at the next boot"
    elif systemctl is-active --quiet display-manager.service; then
        say "the desktop holds the display now: reboot to start $APP.service on the console"
    else
        systemctl restart "$APP.service"
        say "(re)started $APP.service: journalctl -u $APP -f follows it"
    fi
}

main() {
    local keep_desktop=0
    while [ $# -gt 0 ]; do
        case "$1" in
            --keep-desktop) keep_desktop=1 ;;
            -h | --help) usage; return 0 ;;
            *) say "unknown option $1 (see --help)" >&2; return 2 ;;
        esac
        shift
    done
    if [ "$(id -u)" -ne 0 ]; then
        say "run it as root: sudo $0" >&2
        return 1
    fi
    install_packages
    ensure_user
    install_app
    touch "$RECORD"
    install_config
    install_udev_rule
    install_service
    install_web_service
    console_boot "$keep_desktop"
    start_service
    if [ "$changes" -eq 0 ]; then say "everything was already in place; the app was reinstalled"; fi
}

main "$@"
