"""PTX: grammar, AST, instruction-form tables, passes, and LLVM IR emission per target."""
