"""``table-companion``'s start: with no command the app, on what it needs for its first frame; any
other argument goes to the whole command line, which reports it as it always has."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main


def test_an_app_start_with_an_unreadable_config_exits_2_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[buttons\n")
    assert main(["--config", str(config)]) == 2
    assert f"table-companion: {config}: not valid TOML" in capsys.readouterr().err


def test_an_app_start_with_a_missing_config_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--config", str(tmp_path / "none.toml")]) == 2
    assert "does not exist" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        (["--help"], "game"),  # the whole command line's help, every command in it
        (["--lang", "xx"], "--lang"),  # a language the app does not speak
        (["--bogus"], "unrecognized arguments: --bogus"),
        (["--db"], "expected one argument"),
    ],
)
def test_anything_but_a_plain_start_is_the_whole_command_lines(
    arguments: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(arguments)
    out, err = capsys.readouterr()
    assert expected in out + err
    assert stopped.value.code == (0 if arguments == ["--help"] else 2)
