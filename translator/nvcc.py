"""`cu2amd-nvcc`: the nvcc-compatible driver (reserved; the [cuda-pipeline] work builds it)."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    del argv
    print(
        "cu2amd-nvcc: error: the nvcc-compatible driver is not implemented yet; "
        "standalone PTX compiles with 'cu2amd ptx FILE --offload-arch=gfxNNN'",
        file=sys.stderr,
    )
    return 2


if __name__ == "__main__":
    sys.exit(main())
