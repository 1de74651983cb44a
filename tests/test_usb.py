"""USB sticks are read from the kernel's mount table: only writable mounts under the media roots,
names with spaces unescaped, and an unreadable table is no stick rather than an error."""

from __future__ import annotations

from pathlib import Path

from hardware.usb import mounted_sticks


def test_only_writable_mounts_under_the_media_roots_are_sticks(tmp_path: Path) -> None:
    media = tmp_path / "media"
    first, second, readonly = media / "pi" / "A B", media / "pi" / "C", media / "pi" / "RO"
    for folder in first, second, readonly:
        folder.mkdir(parents=True)
    escaped = str(first).replace(" ", "\\040")
    table = tmp_path / "mounts"
    table.write_text(
        "/dev/root / ext4 rw,relatime 0 0\n"
        f"tmpfs {media} tmpfs rw 0 0\n"  # the root itself is not a stick
        f"/dev/sda1 {escaped} vfat rw,nosuid 0 0\n"
        f"/dev/sdb1 {readonly} vfat ro,nosuid 0 0\n"
        f"/dev/sdc1 {media / 'pi' / 'gone'} vfat rw 0 0\n"  # listed but not there
        "garbage\n"
        f"/dev/sdd1 {second} exfat rw 0 0\n"
    )
    assert mounted_sticks(table, (media,)) == [first, second]


def test_an_unreadable_mount_table_is_no_stick(tmp_path: Path) -> None:
    assert mounted_sticks(tmp_path / "missing", (tmp_path,)) == []
