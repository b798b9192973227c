"""The CUDA C++ frontend (libclang): inline-asm extraction, kernels, launches, rewriting.

Empty until the [cuda-pipeline] work lands; nothing here is imported yet.
"""
