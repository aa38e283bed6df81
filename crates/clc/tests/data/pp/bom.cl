// A UTF-8 byte order mark at the start of a file is ignored.
bom_ok
﻿ not_at_start
// ---- EXPECT ----
// bom_ok
// not_at_start
// ---- DIAGNOSTICS ----
// error: invalid character '﻿' in program @ bom.cl:3:1
