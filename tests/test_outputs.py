"""cu2amd.outputs.write_atomic: all or nothing for files, and in place for what is not a
regular file (`-o /dev/null` must not replace the device: as root, a rename would)."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from cu2amd.errors import UsageError
from cu2amd.outputs import write_atomic


def test_a_file_is_replaced_whole(tmp_path: Path) -> None:
    target = tmp_path / "out.bin"
    target.write_bytes(b"old contents, longer than the new")
    write_atomic(target, b"new")
    assert target.read_bytes() == b"new"
    assert [p.name for p in tmp_path.iterdir()] == ["out.bin"]


def test_a_fifo_is_written_in_place_not_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    write_atomic(fifo, "through the pipe")
    reader.join(timeout=10)
    assert got == [b"through the pipe"]
    assert fifo.is_fifo()
    assert [p.name for p in tmp_path.iterdir()] == ["pipe"]


@pytest.mark.skipif(os.geteuid() != 0, reason="making a character device needs root")
def test_a_character_device_stays_one(tmp_path: Path) -> None:
    import stat

    null = tmp_path / "null"
    os.mknod(null, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    write_atomic(null, b"\x7fELF discarded")
    assert stat.S_ISCHR(null.stat().st_mode)


def test_a_folder_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="it is a folder"):
        write_atomic(tmp_path, b"x")


def test_a_finished_file_moves_over_a_file_and_into_a_fifo(tmp_path: Path) -> None:
    from cu2amd.outputs import move_into

    done, target = tmp_path / "done.o", tmp_path / "out.o"
    done.write_bytes(b"object")
    target.write_bytes(b"old")
    move_into(done, target)
    assert target.read_bytes() == b"object" and not done.exists()
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    done.write_bytes(b"into the pipe")
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    move_into(done, fifo)
    reader.join(timeout=10)
    assert got == [b"into the pipe"] and fifo.is_fifo() and not done.exists()
