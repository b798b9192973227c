"""The host platform: a C runtime that runs kernels compiled for the CPU with GPU
semantics (runtime.c, fiber.c, printf.c), how it is built (build.py), and how Python
loads it and compiled modules (loader.py). The user API is `cu2amd.host`."""
