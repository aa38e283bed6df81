// ARGS: -Iinc
#include "defs.h"
#include <defs.h>
#include "lib/api.h"
#include "shadowed.h"
#include <only_on_disk_dir.h>
#include "missing.h"
after ANSWER
//--- HEADER defs.h
#ifndef DEFS_H
#define DEFS_H
#define ANSWER 42
defs_h
#endif
//--- HEADER lib/api.h
api_h_start
#include "impl.h"
api_h_end
//--- HEADER lib/impl.h
impl_h_found_beside_api_h
//--- HEADER shadowed.h
shadowed_h_from_header
//--- shadowed.h
shadowed_h_from_virtual_disk
//--- inc/only_on_disk_dir.h
only_in_include_dir
// ---- EXPECT ----
// defs_h
// api_h_start
// impl_h_found_beside_api_h
// api_h_end
// shadowed_h_from_header
// only_in_include_dir
// after 42
// ---- DIAGNOSTICS ----
// error: 'missing.h' file not found @ input_headers.cl:7:1
