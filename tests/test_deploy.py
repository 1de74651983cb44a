"""The files in deploy/ agree with the app and with each other.

The template is read by the app's own loader; the unit, the installer and the template must name the
same places (a database outside the unit's writable state directory fails only on a Pi, at the first
write). Running the installer itself is deploy/verify-arm64.sh's job (it needs a whole root).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from deploy_files import DEPLOY, UNIT, installer_setting, unit_settings

from companion.installation.config import load_config
from companion.installation.device_config import DEFAULT_WIRING


@pytest.fixture(autouse=True)
def no_environment_overrides(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TABLE_COMPANION_DB", raising=False)
    monkeypatch.delenv("TABLE_COMPANION_CONFIG", raising=False)


def test_the_config_template_passes_the_apps_loader() -> None:
    config = load_config(DEPLOY / "config.toml")
    assert config.buttons == DEFAULT_WIRING, "the template spells out the default wiring"
    assert config.scanner is not None
    assert config.scanner.port == "/dev/table-scanner"


def test_the_database_lives_in_the_units_state_directory() -> None:
    service = unit_settings(UNIT)["Service"]
    (state,) = service["StateDirectory"]
    database = load_config(DEPLOY / "config.toml").database
    assert database.parent == Path("/var/lib") / state
    assert f"HOME=%S/{state}" in service["Environment"]


def test_the_unit_reads_the_config_the_installer_writes() -> None:
    service = unit_settings(UNIT)["Service"]
    (configuration,) = service["ConfigurationDirectory"]
    assert f"TABLE_COMPANION_CONFIG=%E/{configuration}/config.toml" in service["Environment"]
    assert installer_setting("CONFIG") == f"/etc/{configuration}/config.toml"


def test_the_unit_runs_what_the_installer_installs() -> None:
    service = unit_settings(UNIT)["Service"]
    assert service["ExecStart"] == [f"{installer_setting('VENV')}/bin/table-companion"]
    assert service["User"] == ["table-companion"]


def test_the_unit_restarts_a_crashed_or_frozen_app() -> None:
    service = unit_settings(UNIT)["Service"]
    assert service["Type"] == ["notify"]
    assert int(service["WatchdogSec"][0]) > 0
    assert service["Restart"] == ["always"], "a clean exit must not leave the kiosk without its app"
    assert unit_settings(UNIT)["Unit"]["StartLimitIntervalSec"] == ["0"], "a kiosk never gives up"
    assert not any(
        "sleep" in value or "pkill" in value for value in service.get("ExecStartPre", [])
    )


def test_the_hardening_leaves_the_devices_reachable() -> None:
    service = unit_settings(UNIT)["Service"]
    for closes_devices in ("PrivateDevices", "DeviceAllow", "DevicePolicy", "ProtectClock"):
        assert closes_devices not in service
    assert service["ProtectSystem"] == ["strict"]
    assert service["NoNewPrivileges"] == ["yes"]


def test_the_sandbox_keeps_the_exposure_at_most_2(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("no systemd-analyze here (deploy/lint.sh installs it and checks the same)")
    service = unit_settings(UNIT)["Service"]
    assert service["CapabilityBoundingSet"] == [""]
    assert service["SystemCallFilter"] == ["@system-service", "~@privileged @resources"]
    assert service["IPAddressDeny"] == ["any"] and service["UMask"] == ["0077"]
    report = subprocess.run(
        [analyze, "security", "--offline=yes", str(UNIT)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    exposure = re.search(r"Overall exposure level for table-companion\.service: (\d+\.\d)", report)
    assert exposure is not None, report
    assert float(exposure.group(1)) <= 2.0, report


def test_the_udev_rule_names_the_port_the_template_opens() -> None:
    rule = (DEPLOY / "99-table-companion.rules").read_text()
    assert 'SYMLINK+="table-scanner"' in rule
    for setting in ('GROUP="dialout"', 'TAG+="systemd"', 'ENV{ID_MM_DEVICE_IGNORE}="1"'):
        assert setting in rule


def test_the_readme_wiring_table_is_the_default_wiring() -> None:
    readme = (DEPLOY.parent / "README.md").read_text()
    section = readme.split("## Install on a Raspberry Pi", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `(\w+)` \| (\d+) \| (\d+) \|", section, flags=re.MULTILINE)
    assert {name: int(bcm) for name, bcm, _header in rows} == {
        name: button.pin for name, button in DEFAULT_WIRING.items()
    }


WEB_UNIT = DEPLOY / "table-companion-web.service"
WEB_PATH = DEPLOY / "table-companion-web.path"


def test_the_web_unit_serves_phones_read_only_on_the_tables_network_only() -> None:
    from companion.installation import phones

    kiosk, service = unit_settings(UNIT)["Service"], unit_settings(WEB_UNIT)["Service"]
    venv = installer_setting("VENV")
    assert service["ExecStart"] == [
        f"{venv}/bin/table-companion serve --port {phones.DEFAULT_PORT}"
    ]
    assert service["User"] == kiosk["User"] and service["Group"] == kiosk["Group"]
    assert service["ProtectSystem"] == ["strict"] and "ReadWritePaths" not in service
    assert service["CapabilityBoundingSet"] == [""] and service["NoNewPrivileges"] == ["yes"]
    assert service["IPAddressDeny"] == ["any"]
    (allowed,) = service["IPAddressAllow"]
    assert allowed.split() == [
        "localhost", "link-local", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"
    ]  # fmt: skip
    assert service["SocketBindAllow"] == [f"tcp:{phones.DEFAULT_PORT}"]
    assert kiosk["IPAddressDeny"] == ["any"] and "IPAddressAllow" not in kiosk
    assert "Install" not in unit_settings(WEB_UNIT), "started by its path unit only, not at boot"


def test_the_path_unit_starts_the_web_view_when_the_table_turns_phones_on() -> None:
    from companion.installation import phones

    database = load_config(DEPLOY / "config.toml").database
    path = unit_settings(WEB_PATH)
    assert path["Path"]["PathExists"] == [str(phones.token_path(database))]
    assert path["Path"]["Unit"] == [WEB_UNIT.name]
    assert path["Install"]["WantedBy"] == ["multi-user.target"]


def test_the_web_unit_exposure_is_at_most_2() -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("no systemd-analyze here (deploy/lint.sh installs it and checks the same)")
    report = subprocess.run(
        [analyze, "security", "--offline=yes", str(WEB_UNIT)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    exposure = re.search(r"exposure level for table-companion-web\.service: (\d+\.\d)", report)
    assert exposure is not None, report
    assert float(exposure.group(1)) <= 2.0, report
