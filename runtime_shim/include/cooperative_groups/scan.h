/* cooperative_groups::inclusive_scan and exclusive_scan: defined in cu2amd's cooperative_groups.h. */
#include "cooperative_groups.h"
