#pragma once
disk_header_b FROM_B
