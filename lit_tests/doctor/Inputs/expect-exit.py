"""Run a command, pass its output through, and fail unless it exits with the given status.

lit's `not` accepts any failure; this pins the exact exit status a test relies on.
Usage: expect-exit.py STATUS COMMAND [ARG...]
"""

import subprocess
import sys


def main() -> int:
    expected, command = int(sys.argv[1]), sys.argv[2:]
    proc = subprocess.run(command, check=False)
    if proc.returncode != expected:
        print(f"expect-exit: {command[0]} exited {proc.returncode}, expected {expected}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
