// cmake_project: the shared library's interface (a C API, as shared libraries have).
#pragma once

extern "C" float device_sum(const float *device_values, int n);
