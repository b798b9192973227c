"""Passes over the PTX AST, one per file; the ordered pipeline is in pipeline.py."""
