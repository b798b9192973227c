"""AST -> PTX text. Parsing the printed text gives back the same AST (up to locations)."""

from __future__ import annotations

from cu2amd.ptx_lowering import ast


def print_module(module: ast.Module) -> str:
    lines: list[str] = []
    if module.version:
        lines.append(f".version {module.version}")
    if module.targets:
        lines.append(f".target {', '.join(module.targets)}")
    lines.append(f".address_size {module.address_size}")
    for item in module.items:
        lines.append("")
        lines.extend(_item(item))
    return "\n".join(lines) + "\n"


def print_statements(stmts: tuple[ast.Statement, ...], indent: int = 1) -> str:
    out: list[str] = []
    for stmt in stmts:
        out.extend(_statement(stmt, indent))
    return "\n".join(out) + ("\n" if out else "")


def _item(item: ast.ModuleItem) -> list[str]:
    match item:
        case ast.Function():
            return _function(item)
        case ast.VarDecl():
            return [var_decl(item) + ";"]
        case ast.FileDirective():
            extra = "".join(f", {e}" for e in item.extra)
            return [f'.file {item.index} "{_escape(item.path)}"{extra}']
        case ast.Section():
            return [f".section {item.name} {item.text}"]
        case ast.Alias():
            return [f".alias {item.alias}, {item.target};"]
        case ast.Pragma():
            return [f".pragma {item.text};"]
    raise AssertionError(f"unknown module item {item!r}")


def _function(fn: ast.Function) -> list[str]:
    head = " ".join([*(f".{link}" for link in fn.linkage), f".{fn.kind}"])
    if fn.returns:
        head += " (" + ", ".join(var_decl(p) for p in fn.returns) + ")"
    head += f" {fn.name}"
    lines = [head + "("]
    params = [var_decl(p) for p in fn.params]
    lines.extend(f"\t{p}{',' if i < len(params) - 1 else ''}" for i, p in enumerate(params))
    lines.append(")")
    for d in fn.directives:
        if isinstance(d, ast.PerfDirective):
            values = ", ".join(str(v) for v in d.values)
            lines.append(f".{d.name} {values}".rstrip())
        else:
            lines.append(f".pragma {d.text};")
    if fn.body is None:
        lines.append(";")
    else:
        lines.append("{")
        lines.extend(_body(fn.body.statements, 1))
        lines.append("}")
    return lines


def _body(stmts: tuple[ast.Statement, ...], indent: int) -> list[str]:
    out: list[str] = []
    for stmt in stmts:
        out.extend(_statement(stmt, indent))
    return out


def _statement(stmt: ast.Statement, indent: int) -> list[str]:
    pad = "\t" * indent
    match stmt:
        case ast.Instruction():
            return [pad + instruction(stmt)]
        case ast.Label():
            return [f"{stmt.name}:"]
        case ast.VarDecl():
            return [pad + var_decl(stmt) + ";"]
        case ast.Pragma():
            return [f"{pad}.pragma {stmt.text};"]
        case ast.LocDirective():
            extra = "".join(f", {e}" for e in stmt.extra)
            return [f"{pad}.loc {stmt.file_index} {stmt.line} {stmt.col}{extra}"]
        case ast.BranchTargets():
            return [f"{stmt.name}: .branchtargets {', '.join(stmt.targets)};"]
        case ast.CallPrototype():
            rets = "(" + ", ".join(var_decl(p) for p in stmt.returns) + ") " if stmt.returns else ""
            params = ", ".join(var_decl(p) for p in stmt.params)
            return [f"{stmt.name}: .callprototype {rets}_ ({params});"]
        case ast.Block():
            return [pad + "{", *_body(stmt.statements, indent + 1), pad + "}"]
    raise AssertionError(f"unknown statement {stmt!r}")


def instruction(instr: ast.Instruction) -> str:
    guard = ""
    if instr.guard is not None:
        guard = f"@{'!' if instr.guard.negated else ''}{instr.guard.predicate.name} "
    ops = ", ".join(operand(o) for o in instr.operands)
    return f"{guard}{instr.spelling}{' ' + ops if ops else ''};"


def operand(op: ast.Operand) -> str:
    match op:
        case ast.Name():
            return op.name
        case ast.IntImm() | ast.FloatImm():
            return op.text
        case ast.Address():
            if op.base is None:
                return f"[{op.offset}]"
            if op.offset:
                return f"[{op.base.name}+{op.offset}]"
            return f"[{op.base.name}]"
        case ast.VectorOp():
            return "{" + ", ".join(operand(e) for e in op.elements) + "}"
        case ast.Negated():
            return "!" + op.operand.name
        case ast.Pair():
            return f"{op.first.name}|{op.second.name}"
        case ast.ParenList():
            return "(" + ", ".join(operand(e) for e in op.items) + ")"
    raise AssertionError(f"unknown operand {op!r}")


def var_decl(decl: ast.VarDecl) -> str:
    parts = [f".{link}" for link in decl.linkage]
    parts.append(str(decl.space))
    align = [f".align {decl.align}"] if decl.align is not None else []
    vector = [f".v{decl.vector}"] if decl.vector is not None else []
    attrs = [f".{a}" for a in decl.attributes]
    if "ptr" in decl.attributes:
        # Kernel pointer parameters: `.param .u64 .ptr .global .align 4 name` (PTX 5.1.6.1).
        parts += [*vector, str(decl.type), *attrs, *align]
    else:
        parts += [*attrs, *align, *vector, str(decl.type)]
    parts.append(", ".join(_declarator(d) for d in decl.declarators))
    return " ".join(parts)


def _declarator(d: ast.Declarator) -> str:
    text = d.name
    if d.range_count is not None:
        text += f"<{d.range_count}>"
    for dim in d.dims:
        text += f"[{'' if dim is None else dim}]"
    if d.initializer is not None:
        text += " = " + _init(d.initializer)
    return text


def _init(value: ast.Initializer) -> str:
    match value:
        case ast.InitList():
            return "{" + ", ".join(_init(i) for i in value.items) + "}"
        case ast.GenericAddress():
            return f"generic({value.symbol})"
        case ast.Name():
            return value.name
        case ast.IntImm() | ast.FloatImm():
            return value.text
    raise AssertionError(f"unknown initializer {value!r}")


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')
