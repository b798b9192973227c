"""PTX text -> AST: an LALR(1) parser over the tables lark computes from ptx.lark.

lark analyses the grammar (once; the tables are cached in the user cache folder under a
hash of the grammar), and this module drives the tables with a loop of its own: a
contextual lexer (each parser state matches only the terminals it can shift, as lark's
contextual lexer does), reductions that call `parse_builder.Builder` directly (no parse
tree), and error recovery. That loop is several times faster than lark's generic one,
which matters for 100k-line PTX files.

Errors: a syntax error is recorded, the parser drops the statement in progress (pops to
the nearest state between statements or module items) and skips input up to the next
`;`, the `}` closing the block, or the next line that can start a statement; parsing then
goes on, so one run reports every independent error. One error raises its
`PtxSyntaxError`; several raise an `ErrorList` of them, in source order.
"""

from __future__ import annotations

import functools
import hashlib
import pickle
import re
import threading
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

from cu2amd.errors import Cu2amdError, ErrorList, Location, PtxSyntaxError
from cu2amd.outputs import write_atomic
from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.gc_pause import paused_gc
from cu2amd.ptx_lowering.parse_builder import Builder, Tok, parse_int_literal

__all__ = ["parse_int_literal", "parse_module", "parse_operand", "parse_statements"]

STARTS = ("module", "statement_list", "operand_only")
MAX_ERRORS = 50


def parse_module(text: str, file: str = "<input>") -> ast.Module:
    """Parse a whole PTX module."""
    return _parse(text, file, "module")


def parse_statements(text: str, file: str = "<input>") -> tuple[ast.Statement, ...]:
    """Parse the contents of a function body (inline asm, tests)."""
    return _parse(text, file, "statement_list")


def parse_operand(text: str, file: str = "<input>") -> ast.Operand:
    return _parse(text, file, "operand_only")


# ------------------------------------------------------------------------------ tables


def _grammar() -> str:
    return resources.files("cu2amd.ptx_lowering").joinpath("ptx.lark").read_text()


def _analyse(grammar: str) -> dict[str, Any]:
    """Run lark's LALR analysis and keep what the driver needs, as plain data."""
    import lark  # only needed when the cache is cold

    lk = lark.Lark(grammar, parser="lalr", lexer="contextual", start=list(STARTS))
    table = lk.parser.parser.parser.parse_table
    rule_ids: dict[Any, int] = {}
    rules: list[tuple[Any, ...]] = []
    for rule in lk.rules:
        rule_ids[rule] = len(rules)
        keep_all = rule.options.keep_all_tokens
        include = tuple(
            (i, not sym.is_term and sym.name.startswith("_"))
            for i, sym in enumerate(rule.expansion)
            if keep_all or not (sym.is_term and sym.filter_out)
        )
        rules.append(
            (
                len(rule.expansion),
                str(rule.origin.name),
                str(rule.alias or rule.origin.name),
                bool(rule.options.expand1 and not rule.alias),
                include,
            )
        )
    shift = lark.parsers.lalr_analysis.Shift
    states: list[dict[str, int]] = []
    for sid in range(len(table.states)):
        actions = {}
        for sym, (action, arg) in table.states[sid].items():
            actions[str(sym)] = arg if action is shift else ~rule_ids[arg]
        states.append(actions)
    terminals = {str(t.name): t for t in lk.terminals}
    ignore = {str(name) for name in lk.ignore_tokens}

    def lexer_spec(names: set[str]) -> tuple[str, dict[str, dict[str, str]]]:
        """lark's BasicLexer for these terminals: order by priority and width, and fold
        keywords that a regular terminal also matches into that terminal (`_create_unless`)."""
        terms = [terminals[n] for n in names if n in terminals and n not in ignore]
        regexps = [t for t in terms if isinstance(t.pattern, lark.lexer.PatternRE)]
        keywords: dict[str, dict[str, str]] = {}
        embedded = set()
        for r in regexps:
            for s in terms:
                if isinstance(s.pattern, lark.lexer.PatternStr) and s.priority == r.priority:
                    m = re.match(r.pattern.to_regexp(), s.pattern.value)
                    if m is not None and m.group(0) == s.pattern.value:
                        keywords.setdefault(str(r.name), {})[str(s.pattern.value)] = str(s.name)
                        embedded.add(s.name)
        kept = [t for t in terms if t.name not in embedded]
        kept.sort(key=lambda t: (-t.priority, -t.pattern.max_width, -len(t.pattern.value), t.name))
        for t in kept:  # an empty token would never move the lexer forward
            assert re.match(t.pattern.to_regexp(), "") is None, f"{t.name} matches ''"
        pattern = "|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in kept)
        return pattern, keywords

    specs: dict[frozenset[str], int] = {}
    lexers: list[tuple[str, dict[str, dict[str, str]]]] = []
    state_lexer: list[int] = []
    for actions in states:
        key = frozenset(s for s in actions if s.isupper())
        if key not in specs:
            specs[key] = len(lexers)
            lexers.append(lexer_spec(set(key)))
        state_lexer.append(specs[key])
    # Lexing with every terminal, for messages and for skipping input after an error; the
    # coarse terminals (whole instructions, addresses) would hide the token at fault.
    root = lexer_spec(set(terminals) - {"SIMPLE_INSTRUCTION", "ADDRESS"})
    literal = {
        str(t.name): str(t.pattern.value)
        for t in lk.terminals
        if isinstance(t.pattern, lark.lexer.PatternStr)
    }
    return {
        "states": states,
        "rules": rules,
        "start": {str(k): v for k, v in table.start_states.items()},
        "end": {str(k): v for k, v in table.end_states.items()},
        "lexers": lexers,
        "state_lexer": state_lexer,
        "root": root,
        "literal": literal,
    }


def _load_tables() -> dict[str, Any]:
    """The analysed tables, from the user cache when it holds this grammar's. They are
    plain data, complete in themselves, so a warm start never imports lark."""
    grammar = _grammar()
    # Keyed by what the tables come from: the grammar and this file's code.
    digest = hashlib.sha256(grammar.encode() + b"\0")
    digest.update(Path(__file__).read_bytes())
    key = digest.hexdigest()
    # cu2amd's one cache folder (imported here: the host runtime's module is not small)
    from cu2amd.runtime_shim.host.build import cache_dir

    path = cache_dir() / "ptx-parser" / f"tables-{key[:24]}.pickle"
    try:
        with path.open("rb") as f:
            return pickle.load(f)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ValueError):
        pass
    data = _analyse(grammar)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # complete files only (a rename), so concurrent processes are safe
        write_atomic(path, pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL))
    except OSError:
        pass  # a read-only home: analyse again next time
    return data


# The whitespace and comments of ptx.lark (WS, COMMENT, BLOCK_COMMENT), skipped between
# tokens. Possessive (`*+`): a lexer that fails after the blanks must not retry inside them.
_SKIP = re.compile(r"(?:[ \t\f\r\n]+|//[^\n]*|/\*[\s\S]*?\*/)*+")


class _Tables:
    """Everything one parse needs, built once per process. `builder.file` is set per
    parse, under `lock` (the builder is not reentrant)."""

    def __init__(self) -> None:
        data = _load_tables()
        self.lock = threading.Lock()
        self.builder = Builder()
        self.states: list[dict[str, int]] = data["states"]
        self.start: dict[str, int] = data["start"]
        self.end: dict[str, int] = data["end"]
        self.end_states = frozenset(self.end.values())
        self.start_of_end = {self.end[s]: self.start[s] for s in self.start}
        self.literal: dict[str, str] = data["literal"]
        self.rules = [self._reducer(*rule) for rule in data["rules"]]
        # Regular expressions are compiled on first use: most states never see input.
        self._specs = data["lexers"]
        self._compiled: list[tuple[Callable[..., Any], dict[str, dict[str, str]]] | None]
        self._compiled = [None] * len(self._specs)
        self.state_lexer: list[int] = data["state_lexer"]
        # The lexer of each state, filled in as states are first seen.
        self.state_lexers: list[tuple[Callable[..., Any], dict[str, dict[str, str]]] | None]
        self.state_lexers = [None] * len(self.states)
        self.root = (re.compile(data["root"][0]).match, data["root"][1])
        # States between statements (they shift an opcode and a label) and between module
        # items (they shift `.entry`): where error recovery resumes.
        entry = next(name for name, text in self.literal.items() if text == ".entry")
        self.sync = [
            ("OPCODE" in a and "LABEL" in a) or (entry in a and "$END" in a) for a in self.states
        ]
        self.module_level = [entry in a for a in self.states]

    def lexer(self, state: int) -> tuple[Callable[..., Any], dict[str, dict[str, str]]]:
        index = self.state_lexer[state]
        lex = self._compiled[index]
        if lex is None:
            pattern, keywords = self._specs[index]
            lex = (re.compile(f"{_SKIP.pattern}(?:{pattern})").match, keywords)
            self._compiled[index] = lex
        self.state_lexers[state] = lex
        return lex

    def _reducer(
        self,
        size: int,
        origin: str,
        callback: str,
        expand1: bool,
        include: tuple[tuple[int, bool], ...],
    ) -> tuple[Any, ...]:
        """One rule's reduction, with lark's tree-shaping semantics (drop anonymous tokens,
        splice `_rule` children, inline the single child of `?rule`), as one of the kinds
        the parse loop runs inline: (_UNIT, 1, origin) keeps the value;
        (_NEW_LIST, size, origin, i) makes [child i]; (_APPEND, size, origin, i) appends
        child i to the list that is child 0; (_CALL, size, origin, f) calls f(children).
        Child indices are negative (from the top of the value stack)."""
        spliced = origin.startswith("_")  # an EBNF helper (`item*`): its list is spliced
        expanding = [i for i, expand in include if expand]
        kept = [i for i, expand in include if not expand]
        if expand1 and size == 1 and include == ((0, False),):
            return (_UNIT, 1, origin)
        if spliced and not expanding and len(kept) == 1:
            return (_NEW_LIST, size, origin, kept[0] - size)
        if spliced and expanding == [0] and len(kept) == 1:
            return (_APPEND, size, origin, kept[0] - size)
        splice = _splicer(include)
        if spliced:
            return (_CALL, size, origin, splice)
        method = getattr(self.builder, callback, None)
        if method is None:  # only `?rule`s that always have one child may go without
            assert expand1 and len(include) == 1 and not expanding, f"no builder for {callback}"
            method = _only_child
        if not expand1:
            if len(include) == size and not expanding:
                return (_CALL, size, origin, method)
            return (_CALL, size, origin, lambda kids: method(splice(kids)))

        def reduce_expand1(kids: list[Any]) -> Any:
            kids = splice(kids)
            return kids[0] if len(kids) == 1 else method(kids)

        return (_CALL, size, origin, reduce_expand1)


_UNIT, _NEW_LIST, _APPEND, _CALL = range(4)


def _only_child(kids: list[Any]) -> Any:
    raise AssertionError(f"rule with several children and no builder method: {kids!r}")


def _splicer(include: tuple[tuple[int, bool], ...]) -> Callable[[list[Any]], list[Any]]:
    if not any(expand for _, expand in include):
        indices = [i for i, _ in include]
        return lambda kids: [kids[i] for i in indices]

    def splice(kids: list[Any]) -> list[Any]:
        out: list[Any] | None = None
        for i, expand in include:
            kid = kids[i]
            if expand:
                if out is None:  # left recursion: extend the list in place, O(1) per item
                    out = kid
                else:
                    out.extend(kid)
            elif out is None:
                out = [kid]
            else:
                out.append(kid)
        return out if out is not None else []

    return splice


@functools.cache
def _tables() -> _Tables:
    return _Tables()


# ------------------------------------------------------------------------------ driver


class _Recover(Exception):
    """Raised inside the parse loop to run error recovery."""


def _parse(text: str, file: str, start: str) -> Any:
    tables = _tables()
    with tables.lock:
        tables.builder.start(file)
        # Parsing allocates many small objects and no cycles: the cyclic collector would
        # only rescan the growing AST over and over.
        try:
            with paused_gc():
                return _Parse(tables, text, file).run(start)
        except RecursionError:
            raise PtxSyntaxError("PTX nested too deeply to parse", Location(file, 1, 1)) from None


class _Parse:
    """One parse: the LALR loop, its lexer, and error recovery."""

    def __init__(self, tables: _Tables, text: str, file: str) -> None:
        self.t = tables
        self.text = text
        self.file = file
        self.errors: list[Cu2amdError] = []
        self.last_resume = -1

    def run(self, start: str) -> Any:
        t = self.t
        text = self.text
        states = t.states
        rules = t.rules
        lexers = t.state_lexers
        skip = _SKIP.match
        end_state = t.end[start]
        stack = [t.start[start]]
        values: list[Any] = []
        self.stack, self.values = stack, values
        pos, line, bol = 0, 1, 0
        prev_end = 0  # where the previous token ends, for "missing ';'" diagnostics
        while True:
            # -- the next token: each state's expression skips blanks and comments first
            lx = lexers[stack[-1]] or t.lexer(stack[-1])
            m = lx[0](text, pos)
            if m is not None:
                typ = m.lastgroup
                word = m.group(typ)
                stop = m.end()
                start = stop - len(word)
                newline = False
                if start != pos:
                    n = text.count("\n", pos, start)
                    if n:
                        newline = True
                        line += n
                        bol = text.rindex("\n", pos, start) + 1
                kw = lx[1].get(typ)  # type: ignore[arg-type]
                if kw is not None:
                    typ = kw.get(word, typ)
                tok: Tok = (typ, word, line, start - bol + 1)  # type: ignore[assignment]
                pos = start
            else:
                start = skip(text, pos).end()
                n = text.count("\n", pos, start)
                newline = n > 0
                if n:
                    line += n
                    bol = text.rindex("\n", pos, start) + 1
                pos = start
                if start >= len(text):
                    tok = ("$END", "", line, start - bol + 1)
                else:
                    tok = self._bad_token(start, line, bol)
                typ = tok[0]
                stop = start + len(tok[1])
            # -- feed it: reduce as long as the state says so, then shift
            try:
                while True:
                    act = states[stack[-1]].get(typ)
                    if act is None:
                        raise _Recover
                    if act >= 0:
                        stack.append(act)
                        values.append(tok)
                        break
                    rule = rules[~act]
                    kind = rule[0]
                    if kind == 0:  # _UNIT
                        del stack[-1]
                    elif kind == 2:  # _APPEND
                        size = rule[1]
                        values[-size].append(values[rule[3]])
                        del values[1 - size :]
                        del stack[-size:]
                    elif kind == 1:  # _NEW_LIST
                        size = rule[1]
                        value = [values[rule[3]]]
                        del values[-size:]
                        del stack[-size:]
                        values.append(value)
                    else:
                        size = rule[1]
                        if size:
                            kids = values[-size:]
                            del values[-size:]
                            del stack[-size:]
                        else:
                            kids = []
                        values.append(rule[3](kids))
                    goto = states[stack[-1]][rule[2]]
                    stack.append(goto)
                    if goto == end_state:
                        break
            except _Recover:
                self._syntax_error(tok, newline, prev_end)
                pos, line, bol = self._recover(tok, pos, line, bol, newline)
                continue
            except PtxSyntaxError as err:  # from the builder: well-formed but not PTX
                self._record(err)
                if typ == "$END":
                    raise self._collected() from None
                pos, line, bol = self._recover(tok, pos, line, bol, newline, after_reduce=True)
                continue
            if typ == "$END":
                if self.errors:
                    raise self._collected()
                return values[-1]
            pos = prev_end = stop
            # (No terminal matches a line break, so `line` and `bol` stay right.)

    # -- errors --------------------------------------------------------------------------

    def _record(self, err: Cu2amdError) -> None:
        self.errors.append(err)
        if len(self.errors) >= MAX_ERRORS:
            raise self._collected()

    def _collected(self) -> Cu2amdError:
        errors = sorted(
            self.errors, key=lambda e: (e.location.line, e.location.col) if e.location else (0, 0)
        )
        return errors[0] if len(errors) == 1 else ErrorList(errors)

    def _bad_token(self, pos: int, line: int, bol: int) -> Tok:
        """No terminal of this state matches: lex with every terminal, for a better message
        (`unexpected 'x'; expected ...`); else a lexical error."""
        match, keywords = self.t.root
        m = match(self.text, pos)
        if m is None:
            return ("$BAD", self.text[pos], line, pos - bol + 1)
        typ = m.lastgroup
        kw = keywords.get(typ)  # type: ignore[arg-type]
        if kw is not None:
            typ = kw.get(m.group(), typ)
        return (typ, m.group(), line, pos - bol + 1)  # type: ignore[return-value]

    def _syntax_error(self, tok: Tok, newline: bool, prev_end: int) -> None:
        loc = Location(self.file, tok[2], tok[3])
        if tok[0] == "$BAD":
            self._record(PtxSyntaxError(f"unexpected character '{tok[1]}'", loc))
            return
        expected = self._expected()
        if "SEMICOLON" in expected and newline and tok[0] != "$END":
            # A token on a later line than the statement it would continue: the statement
            # most likely lacks its ';'. Point just after its last character.
            line = self.text.count("\n", 0, prev_end) + 1
            col = prev_end - (self.text.rfind("\n", 0, prev_end) + 1) + 1
            loc = Location(self.file, line, col)
            self._record(PtxSyntaxError("expected ';' after this statement", loc))
            return
        found = "end of input" if tok[0] == "$END" else f"'{tok[1]}'"
        self._record(
            PtxSyntaxError(f"unexpected {found}; expected {self._describe(expected)}", loc)
        )

    def _expected(self) -> set[str]:
        """The terminals the current state accepts: those with an action that leads to a
        shift (LALR merges lookaheads, so a reduction alone proves nothing)."""
        states = self.t.states
        accepted = set()
        for sym in states[self.stack[-1]]:
            if sym.isupper() and self._accepts(sym):
                accepted.add(sym)
        return accepted

    def _accepts(self, sym: str) -> bool:
        states, rules, ends = self.t.states, self.t.rules, self.t.end_states
        stack = list(self.stack)
        while True:
            act = states[stack[-1]].get(sym)
            if act is None:
                return False
            if act >= 0:
                return True
            rule = rules[~act]
            if rule[1]:
                del stack[-rule[1] :]
            goto = states[stack[-1]][rule[2]]
            if goto in ends:
                return stack[0] == self.t.start_of_end[goto]
            stack.append(goto)

    def _describe(self, names: set[str]) -> str:
        """Kinds of token first (in _TOKEN_NAMES order), then literal tokens, sorted."""
        kinds = list(dict.fromkeys(text for name, text in _TOKEN_NAMES.items() if name in names))
        literals = sorted(
            f"'{self.t.literal[name]}'" if name in self.t.literal else name.lower()
            for name in names
            if name not in _TOKEN_NAMES
        )
        items = kinds + literals
        if len(items) > 8:
            items = [*items[:8], "..."]
        return ", ".join(items)

    # -- recovery ------------------------------------------------------------------------

    def _recover(
        self, tok: Tok, pos: int, line: int, bol: int, newline: bool, after_reduce: bool = False
    ) -> tuple[int, int, int]:
        """Drop the construct in progress and skip to where parsing can resume; returns the
        position (offset, line, offset of the line's start) of the token to lex next.

        Resume at the first token that the state between statements accepts and that
        starts a line (or, after a builder error, directly follows a finished statement);
        or just after the `;` ending the bad statement; or at the `}` closing its block;
        at module level, just after the `}` closing a bad function."""
        t, stack, values = self.t, self.stack, self.values
        if tok[0] == "$END":
            raise self._collected()
        while not t.sync[stack[-1]]:
            if len(stack) == 1:  # nothing to resume in (a lone operand): stop here
                raise self._collected()
            stack.pop()
            values.pop()
        state = stack[-1]
        actions = t.states[state]
        module_level = t.module_level[state]
        match_here, _ = t.lexer(state)
        match_any, keywords = t.root
        text, skip, end = self.text, _SKIP.match, len(self.text)
        starts = newline or (after_reduce and self._after_terminator(pos))
        if pos == self.last_resume:
            starts = False  # resuming here already failed once: make progress
        depth = 0
        while True:
            if depth == 0 and starts and match_here(text, pos) is not None:
                self.last_resume = pos
                return pos, line, bol
            m = match_any(text, pos)
            if m is None:
                kind, width = "$BAD", 1
            else:
                kind = m.lastgroup or ""
                kind = keywords.get(kind, {}).get(m.group(), kind)
                width = len(m.group()) or 1
            if kind == "RBRACE" and depth == 0 and "RBRACE" in actions and not module_level:
                self.last_resume = pos
                return pos, line, bol  # the '}' closing the block of the bad statement
            pos += width
            if kind in ("LBRACE", "LPAR"):  # (a bad parameter list: its lines are no items)
                depth += 1
            elif kind in ("RBRACE", "RPAR") and depth > 0:
                depth -= 1
                if depth == 0 and module_level and kind == "RBRACE":
                    return pos, line, bol  # just after the body of a bad function
            elif kind == "SEMICOLON" and depth == 0:
                return pos, line, bol
            e = skip(text, pos).end()
            starts = False
            if e != pos:
                n = text.count("\n", pos, e)
                if n:
                    starts = True
                    line += n
                    bol = text.rindex("\n", pos, e) + 1
                pos = e
            if pos >= end:
                return pos, line, bol

    def _after_terminator(self, pos: int) -> bool:
        """Whether the text before `pos` (blanks aside) ends a statement."""
        before = self.text[:pos].rstrip()
        return not before or before[-1] in ";}{"


_TOKEN_NAMES = {
    "OPCODE": "an instruction",
    "SIMPLE_INSTRUCTION": "an instruction",
    "LABEL": "a label",
    "GUARD": "a guard",
    "NAME": "a name",
    "NUMBER": "a number",
    "ADDRESS": "an address",
    "DIRECTIVE": "a directive",
    "STRING": "a string",
    "BINARY_OP": "an operator",
    "UNARY_OP": "a sign",
    "CAST": "a cast",
    "$END": "end of input",
}
