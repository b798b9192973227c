/* cooperative_groups::memcpy_async, wait and wait_prior: defined in cu2amd's cooperative_groups.h. */
#include "cooperative_groups.h"
