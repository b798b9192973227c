"""The device runtime library (DESIGN.md layer 2): CUDA's warp collectives over each
target's wave primitives, one C++ source compiled for every target (library.py)."""
