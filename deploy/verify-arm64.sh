#!/usr/bin/env bash
# Prove the install on arm64 without a Pi: build a Debian arm64 root (the Raspberry Pi OS base) with
# debootstrap and qemu-user-static, copy this checkout in, run deploy/install.sh inside as on a fresh
# Pi (systemd not running: the script must cope), run it again (nothing may change), check what it
# installed, run the test suite there with the aarch64 Kivy wheel, then uninstall.
#
#     sudo deploy/verify-arm64.sh [--suite bookworm|trixie] [--dir DIR] [--skip-tests | --tests "FILES"]
#
# Takes minutes (everything runs emulated, about 17 times slower), the whole test suite hours:
# --tests runs only the test files named (one pytest process). Not part of .ci/run. The pristine
# root is built once and kept in DIR (default /var/tmp/table-companion-arm64, outside the checkout);
# each run works on a fresh copy of it. Needs root, and a Debian or Ubuntu host (it installs
# debootstrap, qemu-user-static and binfmt-support with apt if they are missing).
set -euo pipefail

suite=bookworm
dir=/var/tmp/table-companion-arm64
run_tests=1
test_files=""
parse_options() {
    while [ $# -gt 0 ]; do
        case "$1" in
            --suite) suite=$2; shift ;;
            --dir) dir=$2; shift ;;
            --skip-tests) run_tests=0 ;;
            --tests) test_files=$2; shift ;;
            -h | --help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
            *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
        esac
        shift
    done
    base=$dir/$suite-base
    root=$dir/$suite-work
}

checkout=$(cd "$(dirname "$0")/.." && pwd)
inside=/home/pi/table-companion  # where the checkout sits in the root, as a Pi user would clone it
mirror=http://deb.debian.org/debian
started=$SECONDS
failures=0

step() { printf '\n== %s (%ds)\n' "$*" "$((SECONDS - started))"; }
check() {
    local what=$1
    shift
    if "$@"; then
        echo "ok: $what"
    else
        echo "FAILED: $what"
        failures=$((failures + 1))
    fi
}

# Runs a command in the root as root with a clean environment, as `sudo` on a Pi would.
in_root() {
    chroot "$root" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        HOME=/root LANG=C.UTF-8 TERM=dumb PIP_CERT=/etc/verify-host-ca.crt \
        SSL_CERT_FILE=/etc/verify-host-ca.crt "$@"
}

host_tools() {
    local missing=() tool
    for tool in debootstrap qemu-user-static binfmt-support; do
        dpkg-query -W -f='${Status}' "$tool" 2>/dev/null | grep -q "install ok installed" ||
            missing+=("$tool")
    done
    if [ "${#missing[@]}" -gt 0 ]; then
        apt-get update -q
        apt-get install -y -q "${missing[@]}"
    fi
    if [ ! -e /proc/sys/fs/binfmt_misc/register ]; then
        mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
    fi
    if [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then update-binfmts --enable qemu-aarch64; fi
}

build_base() {
    if [ -e "$base/.table-companion-base-complete" ]; then return; fi
    rm -rf "$base"
    debootstrap --arch=arm64 --foreign --variant=minbase \
        --include=systemd-sysv,udev,ca-certificates "$suite" "$base" "$mirror"
    chroot "$base" /debootstrap/debootstrap --second-stage
    touch "$base/.table-companion-base-complete"
}

unmount_root() {
    local point
    for point in dev/pts sys proc; do
        if mountpoint -q "$root/$point"; then umount -l "$root/$point"; fi
    done
}

fresh_root() {
    unmount_root
    rm -rf "$root"
    cp -a "$base" "$root"
    mount -t proc proc "$root/proc"
    mount -t sysfs sysfs "$root/sys"
    mount --bind /dev/pts "$root/dev/pts"
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    # The host's trust store, in case HTTPS to the package index is intercepted here.
    cp /etc/ssl/certs/ca-certificates.crt "$root/etc/verify-host-ca.crt"
    mkdir -p "$root$inside"
    # The checkout as it is now (tracked and new files, not what git ignores).
    git -C "$checkout" ls-files -z --cached --others --exclude-standard |
        tar -C "$checkout" -c --null --files-from=- --ignore-failed-read | tar -C "$root$inside" -x
}

installed_state() {
    (cd "$root" && sha256sum etc/systemd/system/table-companion.service \
        etc/systemd/system/table-companion-web.service etc/systemd/system/table-companion-web.path \
        etc/udev/rules.d/99-table-companion.rules etc/table-companion/config.toml &&
        readlink etc/systemd/system/multi-user.target.wants/table-companion.service &&
        readlink etc/systemd/system/multi-user.target.wants/table-companion-web.path &&
        grep table-companion etc/passwd etc/group)
}

unit_verifies() {
    local out
    out=$(chroot "$root" systemd-analyze verify /etc/systemd/system/table-companion.service \
        /etc/systemd/system/table-companion-web.service /etc/systemd/system/table-companion-web.path 2>&1)
    [ -z "$out" ] || { echo "$out"; return 1; }
}

user_groups() { chroot "$root" id -nG table-companion | tr ' ' '\n' | sort | paste -sd' '; }

udev_rule_parses() {
    local out
    out=$(chroot "$root" udevadm test --action=add /class/tty/console 2>&1)
    grep -q '99-table-companion.rules' <<<"$out" || { echo "udevadm did not read the rule"; return 1; }
    ! grep -i '99-table-companion.rules.*\(invalid\|error\|unknown\|ignoring\)' <<<"$out"
}

nothing_changed() { ! grep '^changed:' <<<"$1"; }

uninstalled() {
    local path
    for path in etc/systemd/system/table-companion.service etc/udev/rules.d/99-table-companion.rules \
        opt/table-companion etc/systemd/system/multi-user.target.wants/table-companion.service \
        etc/systemd/system/table-companion-web.service etc/systemd/system/table-companion-web.path \
        etc/systemd/system/multi-user.target.wants/table-companion-web.path; do
        if [ -e "$root/$path" ]; then echo "left behind: /$path"; return 1; fi
    done
}

purged() {
    [ ! -e "$root/var/lib/table-companion" ] && [ ! -e "$root/etc/table-companion" ] &&
        ! grep -q '^table-companion:' "$root/etc/passwd"
}

check_install() {
    check "the service is enabled" in_root systemctl is-enabled --quiet table-companion.service
    check "the phones' path unit is enabled (their service starts when the table turns them on)" \
        in_root systemctl is-enabled --quiet table-companion-web.path
    check "systemd-analyze verify accepts the installed units, silently" unit_verifies
    check "the user is in gpio, dialout, input, video and render" \
        test "$(user_groups)" = "dialout gpio input render table-companion video"
    check "the app and its devices' libraries import" in_root /opt/table-companion/venv/bin/python \
        -c 'import kivy, gpiozero, serial, companion.installation.watchdog, companion.installation.config'
    check "the installed config passes the app's loader" in_root /opt/table-companion/venv/bin/python \
        -c 'from pathlib import Path; from companion.installation.config import load_config
load_config(Path("/etc/table-companion/config.toml"))'
    check "udev reads the rule without complaint" udev_rule_parses
}

# The whole run is one function, read before it starts: editing this file mid-run is harmless.
main() {
    parse_options "$@"
    host_tools
    step "arm64 $suite root (built once, kept in $base)"
    build_base
    step "fresh copy of the root, checkout copied to $inside"
    trap unmount_root EXIT
    fresh_root

    step "deploy/install.sh, first run"
    in_root "$inside/deploy/install.sh"
    before=$(installed_state)
    check_install

    step "deploy/install.sh, second run: nothing may change"
    second=$(in_root "$inside/deploy/install.sh")
    echo "$second"
    check "the second run reports no change" nothing_changed "$second"
    check "the installed files are the same" test "$before" = "$(installed_state)"

    if [ -n "$test_files" ]; then
        step "tests: $test_files (aarch64 wheels)"
        check "the tests pass" in_root bash -c "cd $inside && scripts/setup-env test &&
            .venv/bin/python -m pytest -p no:xdist -p no:cacheprovider -q $test_files"
    elif [ "$run_tests" -eq 1 ]; then
        step "test suite (scripts/run-tests, aarch64 wheels)"
        check "scripts/run-tests passes" in_root bash -c "cd $inside && scripts/run-tests -q -p no:cacheprovider"
    fi

    step "deploy/uninstall.sh keeps the database; --purge removes it"
    mkdir -p "$root/var/lib/table-companion"
    touch "$root/var/lib/table-companion/companion.sqlite3"
    in_root "$inside/deploy/uninstall.sh"
    check "the services, the rule and /opt/table-companion are gone" uninstalled
    check "the database is kept" test -e "$root/var/lib/table-companion/companion.sqlite3"
    in_root "$inside/deploy/uninstall.sh" --purge
    check "--purge removes the database, the config and the user" purged

    step "done: $failures failed check(s)"
    [ "$failures" -eq 0 ]
}

main "$@"
