/* cooperative_groups::reduce and its operators: defined in cu2amd's cooperative_groups.h. */
#include "cooperative_groups.h"
