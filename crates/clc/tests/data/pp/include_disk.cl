// ARGS: -Itests/data/pp/include -DFROM_B=b_value
#include "a.h"
#include "sub/b.h"
#include <main_dir.h>
done
// ---- EXPECT ----
// disk_header_a
// disk_header_b b_value
// disk_header_a
// included_from_main_dir
// done
// ---- DIAGNOSTICS ----
