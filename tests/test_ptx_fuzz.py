"""Fuzzing the PTX parser: hypothesis mutates real PTX (the hand-written directive fixtures,
the examples, and clang NVPTX output compiled here) by deleting, duplicating, swapping and
replacing tokens, flipping characters, inserting junk and truncating. Whatever the text,
parsing either succeeds or raises one of cu2amd's own errors (a `Cu2amdError`: diagnostics
with a location, never a Python exception), and what it accepts prints back to a fixed point.

The normal suite runs a short session (FUZZ_EXAMPLES examples). For a long one, set the
number of seconds in CU2AMD_FUZZ_SECONDS, for example ten minutes:

    CU2AMD_FUZZ_SECONDS=600 python -m pytest tests/test_ptx_fuzz.py -q -s

which repeats fresh hypothesis sessions until the time is up and prints how many inputs
it tried.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import re
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cu2amd.errors import Cu2amdError
from cu2amd.ptx_lowering.parser import parse_module, parse_operand, parse_statements
from cu2amd.ptx_lowering.printer import print_module, print_statements

TESTS = Path(__file__).resolve().parent
FUZZ_EXAMPLES = 200
HEADER = ".version 8.0\n.target sm_80\n.address_size 64\n"
LONG_RUN_SECONDS = float(os.environ.get("CU2AMD_FUZZ_SECONDS", "0"))

# Whitespace, comments, words (opcodes, directives, registers), numbers, strings, and any
# other single character: the pieces a mutation moves around.
_TOKEN = re.compile(r'\s+|//[^\n]*|"[^"\n]*"|[.%$A-Za-z_][\w$.:]*|\d[\w.]*|.', re.S)
_JUNK_TOKENS = [
    "{", "}", ";", ",", "[", "]", "(", ")", "<", ">", "@", "!", "|", "+", "-", "=", ":", "_",
    ".reg", ".b32", ".loc", ".section", ".entry", ".func", ".param", ".align", ".pragma",
    ".attribute", ".branchtargets", ".callprototype", "generic", "%r1", "%p1", "$L1:", "0x",
    "0f3F80", "1e999", "99999999999999999999999", "017", "08", "0b2", '"', '"\\', "/*", "*/",
    "\n", "\t", "\u00e9", "\u0000", "\ufeff", "ret;", "{%r1, %r2}", "[%rd1+", "0xFF(",
]  # fmt: skip


def _load_corpus_module():  # type: ignore[no-untyped-def]
    path = TESTS / "data" / "cuda" / "corpus.py"
    spec = importlib.util.spec_from_file_location("cu2amd_test_corpus", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)
    spec.loader.exec_module(module)
    return sys.modules[spec.name]


@pytest.fixture(scope="module")
def seeds(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """Real PTX to mutate: small files, so that each example is quick."""
    corpus = _load_corpus_module()
    chosen = [
        corpus.Variant(corpus.CUDA_DIR / name, arch, opt, debug, rdc, 88)
        for name, arch, opt, debug, rdc in [
            ("inline_asm_more.cu", "sm_90", "-O2", "", False),
            ("control.cu", "sm_80", "-O1", "-gline-tables-only", False),
            ("memory.cu", "sm_75", "-O2", "", True),
            ("launch_bounds.cu", "sm_90a", "-O3", "", False),
        ]
    ]
    built = corpus.build(tmp_path_factory.mktemp("fuzz-seeds"), chosen)
    texts = [path.read_text() for _, path in built]
    texts += [p.read_text() for p in sorted((TESTS / "data" / "ptx" / "directives").glob("*.ptx"))]
    texts += [p.read_text() for p in sorted((TESTS.parent / "examples" / "ptx").glob("*.ptx"))]
    return texts


@st.composite
def mutated(draw: st.DrawFn, texts: list[str]) -> str:
    text = draw(st.sampled_from(texts))
    tokens = _TOKEN.findall(text)
    for _ in range(draw(st.integers(1, 6))):
        if not tokens:
            break
        i = draw(st.integers(0, len(tokens) - 1))
        kind = draw(st.sampled_from(["delete", "duplicate", "swap", "replace", "flip", "insert"]))
        if kind == "delete":
            del tokens[i]
        elif kind == "duplicate":
            tokens.insert(i, tokens[i] * draw(st.integers(1, 3)))
        elif kind == "swap":
            j = draw(st.integers(0, len(tokens) - 1))
            tokens[i], tokens[j] = tokens[j], tokens[i]
        elif kind == "replace":
            tokens[i] = draw(st.sampled_from(_JUNK_TOKENS))
        elif kind == "flip" and tokens[i]:
            k = draw(st.integers(0, len(tokens[i]) - 1))
            char = draw(st.characters(codec="utf-8", exclude_categories=["Cs"]))
            tokens[i] = tokens[i][:k] + char + tokens[i][k + 1 :]
        else:
            tokens.insert(i, draw(st.text(max_size=4)))
    out = "".join(tokens)
    if draw(st.booleans()):
        out = out[: draw(st.integers(0, len(out)))]
    return out


def _check(text: str) -> None:
    """Parsing raises nothing but cu2amd's diagnostics; what parses prints to a fixed point."""
    try:
        module = parse_module(text, "fuzz.ptx")
    except Cu2amdError as err:
        assert err.location is None or err.location.file == "fuzz.ptx"
        err.render({"fuzz.ptx": text})  # rendering a diagnostic never fails either
    else:
        once = print_module(module)
        assert print_module(parse_module(once)) == once
    # The same text as a statement list (inline asm) and its first line alone, and that
    # line as one operand.
    first_line = text.split("\n", 1)[0]
    for fragment in (text, first_line):
        try:
            stmts = parse_statements(fragment, "fuzz.ptx")
        except Cu2amdError:
            continue
        once = print_statements(stmts)
        assert print_statements(parse_statements(once)) == once
    with contextlib.suppress(Cu2amdError):
        parse_operand(first_line, "fuzz.ptx")


def _fuzz(seeds: list[str], examples: int) -> None:
    @settings(
        max_examples=examples,
        deadline=None,  # a GC pause is not a failure; the suite's time limit bounds runs
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        database=None,
    )
    @given(mutated(seeds))
    def run(text: str) -> None:
        _check(text)

    run()


def test_mutated_ptx_raises_only_cu2amd_errors(seeds: list[str]) -> None:
    if not LONG_RUN_SECONDS:
        _fuzz(seeds, FUZZ_EXAMPLES)
        return
    end = time.monotonic() + LONG_RUN_SECONDS
    sessions = 0
    while time.monotonic() < end:
        _fuzz(seeds, 500)
        sessions += 1
    print(f"\nfuzzed {sessions * 500} mutated inputs in {LONG_RUN_SECONDS:.0f} s: no failure")


@pytest.mark.parametrize(
    "text",
    [
        "\u0000",
        '.file 1 "\\',
        '.file 1 "\\x"',
        ".version 8.0\n.target sm_80\n.address_size 64\n.global .u32 x[99999999999999999999999];",
        "mov.f32 %f1, 1e999;",
        "{" * 5000,
        "}" * 100,
        "@" * 10,
        "/*",
        "mov.u32 %r1, 08;",
        ".reg .b32 %r<" + "9" * 40 + ">;",
        "$L1: .branchtargets L<99999999999999999999>;",
        "%r1 %r2",
        "ld.global.u32 %r1, [-16];",
        "ld.global.u32 %r1, [-0x10+4];",
        "{%r1, ",
        HEADER + ".global .u32 x = " + "-~" * 3000 + "1;",
        HEADER + ".global .u32 x = " + " + ".join(["1"] * 3000) + ";",
        HEADER + ".global .u32 x = " + "(" * 3000 + "1" + ")" * 3000 + ";",
    ],
)
def test_known_hard_inputs(text: str) -> None:
    """Inputs found while fuzzing, kept as regression tests."""
    _check(text)
