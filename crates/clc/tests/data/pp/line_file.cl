__LINE__ __FILE__
#define L __LINE__
#define F(x) x __LINE__
L F(
a
)
#line 100
__LINE__
#line 200 "renamed.cl"
__LINE__ __FILE__
#define NUM 300
#line NUM
__LINE__
#line x
#line 10 x
#line
# 500 "gnu_marker.cl" 1
__LINE__ __FILE__
#include "inc.h"
__FILE__
//--- inc.h
__FILE__ __LINE__
// ---- EXPECT ----
// 1 "line_file.cl"
// 4 a 4
// 100
// 200 "renamed.cl"
// 300
// 500 "gnu_marker.cl"
// "inc.h" 1
// "gnu_marker.cl"
// ---- DIAGNOSTICS ----
// error: #line directive requires a simple digit sequence @ renamed.cl:301:7
// error: invalid filename in #line directive @ renamed.cl:302:10
// error: #line directive requires a simple digit sequence @ renamed.cl:303:1
