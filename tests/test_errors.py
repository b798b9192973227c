"""Diagnostics: file:line:col, the source line, and a caret under the column."""

from cu2amd.errors import ErrorList, Location, PtxSyntaxError, UsageError, render_diagnostic


def test_caret_under_the_column_with_tabs() -> None:
    text = "a\n\tadd.s32 %r1, %r2;\n"
    err = PtxSyntaxError("unexpected '%r2'", Location("f.ptx", 2, 15))
    assert err.render({"f.ptx": text}) == (
        "f.ptx:2:15: error: unexpected '%r2'\n\tadd.s32 %r1, %r2;\n\t             ^"
    )


def test_without_source_or_location() -> None:
    assert render_diagnostic("error", "boom", None) == "error: boom"
    loc = Location("/nonexistent/x.ptx", 3, 1)
    assert render_diagnostic("error", "boom", loc) == "/nonexistent/x.ptx:3:1: error: boom"
    # a line past the end of the file: header only
    assert (
        render_diagnostic("error", "boom", Location("f", 9, 1), {"f": "one\n"})
        == "f:9:1: error: boom"
    )


def test_sources_attached_to_the_error() -> None:
    err = PtxSyntaxError("bad", Location("<stdin>", 1, 3))
    err.sources["<stdin>"] = "abcdef\n"
    assert err.render() == "<stdin>:1:3: error: bad\nabcdef\n  ^"


def test_error_list_renders_each() -> None:
    errs = ErrorList(
        [PtxSyntaxError("one", Location("f", 1, 1)), PtxSyntaxError("two", Location("f", 2, 2))]
    )
    assert errs.render({"f": "x\nyy\n"}) == "f:1:1: error: one\nx\n^\nf:2:2: error: two\nyy\n ^"
    assert errs.location == Location("f", 1, 1)


def test_usage_errors_exit_2() -> None:
    assert UsageError("x").exit_code == 2
    assert PtxSyntaxError("x").exit_code == 1
