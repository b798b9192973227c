"""Test helper: compile an LLVM IR file into an AMDGPU code object.

    make_code_object.py INPUT.ll TARGET_ID -o OUTPUT.hsaco

Stands in for `cu2amd ptx` in the inspect and bundle tests, which need real code objects.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from cu2amd.amdgpu.codegen import compile_ir
from cu2amd.amdgpu.targets import parse_target_id


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("input", type=Path)
    parser.add_argument("target_id")
    parser.add_argument("-o", dest="output", type=Path, required=True)
    args = parser.parse_args()
    code_object = compile_ir(args.input.read_text(), parse_target_id(args.target_id))
    args.output.write_bytes(code_object)


if __name__ == "__main__":
    main()
