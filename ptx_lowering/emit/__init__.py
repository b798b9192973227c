"""LLVM IR emission for PTX, one module per instruction family."""
