"""Test helper: write a HIP offload bundle with cu2amd's bundle writer.

    make_bundle.py -o OUTPUT.hipfb [--align N] TARGET_ID=CODE_OBJECT ...

The host entry comes first (empty), then one `hipv4-amdgcn-amd-amdhsa--TARGET_ID` entry
per argument, in the order given.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from cu2amd.amdgpu.bundle import DEFAULT_ALIGN, BundleEntry, hip_entry_id, write_bundle
from cu2amd.amdgpu.targets import parse_target_id


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-o", dest="output", type=Path, required=True)
    parser.add_argument("--align", type=int, default=DEFAULT_ALIGN)
    parser.add_argument("entries", nargs="+", metavar="TARGET_ID=CODE_OBJECT")
    args = parser.parse_args()
    entries = []
    for item in args.entries:
        target, _, path = item.partition("=")
        entries.append(BundleEntry(hip_entry_id(parse_target_id(target)), Path(path).read_bytes()))
    args.output.write_bytes(write_bundle(entries, align=args.align))


if __name__ == "__main__":
    main()
