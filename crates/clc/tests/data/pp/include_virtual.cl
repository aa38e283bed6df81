// ARGS: -Iinc -Iother
#include "local.h"
#include <angled.h>
#include "nested.h"
#include "once.h"
#include "once.h"
#include "guard.h"
#include "guard.h"
#define HDR "local.h"
#include HDR
#define ANGLED <angled.h>
#include ANGLED
#include "missing.h"
#include <local.h>
#include
#include nothing
#include "sub/../local.h"
after_includes LOCAL_MACRO
//--- local.h
local_h
#define LOCAL_MACRO from_local
//--- inc/angled.h
inc_angled_h
//--- inc/nested.h
nested_h_start
#include "sibling.h"
nested_h_end
//--- inc/sibling.h
sibling_found_in_includers_dir
//--- other/once.h
#pragma once
once_h
//--- inc/guard.h
#ifndef GUARD_H
#define GUARD_H
guard_h
#endif
// ---- EXPECT ----
// local_h
// inc_angled_h
// nested_h_start
// sibling_found_in_includers_dir
// nested_h_end
// once_h
// guard_h
// local_h
// inc_angled_h
// local_h
// after_includes from_local
// ---- DIAGNOSTICS ----
// error: 'missing.h' file not found @ include_virtual.cl:13:1
// error: 'local.h' file not found @ include_virtual.cl:14:1
// error: #include expects "FILENAME" or <FILENAME> @ include_virtual.cl:15:1
// error: #include expects "FILENAME" or <FILENAME> @ include_virtual.cl:16:1
