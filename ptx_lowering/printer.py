"""AST -> PTX text. Parsing the printed text gives back the same AST (up to locations), so
print . parse is a fixed point; the text is legal PTX whenever the AST came from legal PTX."""

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
            if not item.items:
                return [f".section {item.name} {item.text}"]
            body = [f".section {item.name}", "{"]
            for entry in item.items:
                if isinstance(entry, ast.SectionLabel):
                    body.append(f"{entry.name}:")
                else:
                    body.append(f"\t.{entry.directive} {', '.join(entry.values)}")
            return [*body, "}"]
        case ast.Alias():
            return [f".alias {item.alias}, {item.target};"]
        case ast.Pragma():
            return [f".pragma {item.text};"]
    raise AssertionError(f"unknown module item {item!r}")


def _function(fn: ast.Function) -> list[str]:
    head = " ".join([*(f".{link}" for link in fn.linkage), f".{fn.kind}"])
    if fn.attributes:
        head += " " + _attribute_list(fn.attributes)
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
            return [pad + _loc_directive(stmt)]
        case ast.BranchTargets():
            return [f"{stmt.name}: .{stmt.directive} {', '.join(stmt.targets)};"]
        case ast.CallPrototype():
            rets = "(" + ", ".join(var_decl(p) for p in stmt.returns) + ") " if stmt.returns else ""
            text = f"{stmt.name}: .callprototype {rets}_"
            if stmt.has_params or stmt.params:
                text += " (" + ", ".join(var_decl(p) for p in stmt.params) + ")"
            for d in stmt.directives:
                text += " " + f".{d.name} {', '.join(str(v) for v in d.values)}".rstrip()
            return [f"{pad}{text};"]
        case ast.Block():
            return [pad + "{", *_body(stmt.statements, indent + 1), pad + "}"]
    raise AssertionError(f"unknown statement {stmt!r}")


def _loc_directive(stmt: ast.LocDirective) -> str:
    text = f".loc {stmt.file_index} {stmt.line} {stmt.col}"
    if stmt.function_name is None and stmt.inlined_at is None:
        return text + "".join(f", {e}" for e in stmt.extra)
    if stmt.function_name is not None:
        text += f", function_name {stmt.function_name}"
    if stmt.inlined_at is not None:
        text += ", inlined_at " + " ".join(str(v) for v in stmt.inlined_at)
    return text


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
        case ast.Minus():
            return "-" + op.operand.name
        case ast.Pair():
            return f"{operand(op.first)}|{op.second.name}"
        case ast.ParenList():
            return "(" + ", ".join(operand(e) for e in op.items) + ")"
        case ast.AddressList():
            return "[" + ", ".join([op.base.name, *(operand(e) for e in op.items)]) + "]"
        case ast.SymbolOffset():
            sign = "-" if op.offset < 0 else "+"
            return f"{op.symbol.name}{sign}{abs(op.offset)}"
        case ast.ArrayElement():
            return f"{op.array.name}[{operand(op.index)}]"
    raise AssertionError(f"unknown operand {op!r}")


def var_decl(decl: ast.VarDecl) -> str:
    parts = [f".{link}" for link in decl.linkage]
    parts.append(str(decl.space))
    align = [f".align {decl.align}"] if decl.align is not None else []
    vector = [f".v{decl.vector}"] if decl.vector is not None else []
    attrs = [f".{a}" for a in decl.attributes]
    if decl.var_attributes:
        parts.append(_attribute_list(decl.var_attributes))
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


def _attribute_list(items: tuple[str, ...]) -> str:
    return ".attribute(" + ", ".join(f".{a}" for a in items) + ")"


def _init(value: ast.Initializer) -> str:
    if isinstance(value, ast.InitList):
        return "{" + ", ".join(_init(i) for i in value.items) + "}"
    return const_expr(value)


# C's precedence of the binary operators (PTX ISA 4.6.3); unary operators, casts and
# primaries bind tighter than all of them, the conditional looser.
_BINARY_PRECEDENCE = {
    "*": 10, "/": 10, "%": 10, "+": 9, "-": 9, "<<": 8, ">>": 8,
    "<": 7, ">": 7, "<=": 7, ">=": 7, "==": 6, "!=": 6,
    "&": 5, "^": 4, "|": 3, "&&": 2, "||": 1,
}  # fmt: skip
_UNARY_PRECEDENCE = 11
_PRIMARY_PRECEDENCE = 12


def _precedence(expr: ast.ConstExpr) -> int:
    match expr:
        case ast.BinaryExpr():
            return _BINARY_PRECEDENCE[expr.op]
        case ast.ConditionalExpr():
            return 0
        case ast.UnaryExpr() | ast.CastExpr():
            return _UNARY_PRECEDENCE
        case ast.IntImm() | ast.FloatImm() if expr.text.startswith("-"):
            return _UNARY_PRECEDENCE  # a folded '-' literal prints as a unary minus
    return _PRIMARY_PRECEDENCE


def const_expr(expr: ast.ConstExpr, needed: int = 0) -> str:
    """A constant expression, parenthesised only where precedence requires it."""
    text = _const_expr(expr)
    return f"({text})" if _precedence(expr) < needed else text


def _const_expr(expr: ast.ConstExpr) -> str:
    match expr:
        case ast.IntImm() | ast.FloatImm():
            return expr.text
        case ast.Name():
            return expr.name
        case ast.GenericAddress():
            return f"generic({expr.symbol})"
        case ast.MaskExpr():
            return f"{expr.mask.text}({const_expr(expr.operand)})"
        case ast.BinaryExpr():
            prec = _BINARY_PRECEDENCE[expr.op]
            left = const_expr(expr.left, prec)
            right = const_expr(expr.right, prec + 1)
            # Blanks around the operator: `10%4` would read as 10 and the register %4.
            return f"{left} {expr.op} {right}"
        case ast.UnaryExpr():
            inner = const_expr(expr.operand, _UNARY_PRECEDENCE)
            # `- -1` stays two tokens: `--1` would be one '-' too few for a reader, and
            # the same tokens for the parser.
            sep = " " if inner.startswith(("-", "+")) else ""
            return f"{expr.op}{sep}{inner}"
        case ast.CastExpr():
            return f"(.{expr.type_name}){const_expr(expr.operand, _UNARY_PRECEDENCE)}"
        case ast.ConditionalExpr():
            cond = const_expr(expr.cond, 1)
            return f"{cond} ? {const_expr(expr.then)} : {const_expr(expr.otherwise)}"
    raise AssertionError(f"unknown constant expression {expr!r}")


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
