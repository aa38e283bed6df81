#include "a.h"
included_from_main_dir
