disk_header_a
#include "sub/b.h"
