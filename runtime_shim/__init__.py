"""CUDA -> ROCm mapping tables, generated headers, device runtime and host platform runtime.

Empty until the [runtime-shim] and [host-platform] work lands.
"""
