// Table-driven CRC-32 (the zlib/IEEE polynomial, reflected 0xEDB88320) as checksum
// kernels write it: the 256-entry table is built in local memory by the work-group (each
// work-item computes table entries with the bitwise loop), then each work-item checksums
// its own 16-byte record of a `uchar` buffer. Records: 8 x 16 bytes range(0,127) (byte
// k = k). Expected: Python's zlib.crc32 of each record (reference/suite.py).
// RUN: kauai oclc -execute -enqueue crc32 -arg data,range(0,127) -arg len,16 -print crc,8 -global 8 -local 8 %s
// CHECK: crc,3469664904,4104650087,3122453846,2155201209,661298484,486769371,1404609258,1775353093

__kernel void crc32(__global const uchar *data, uint len, __global uint *crc)
{
    __local uint table[256];
    uint l = get_local_id(0);
    for (uint n = l; n < 256; n += get_local_size(0)) {
        uint c = n;
        for (int k = 0; k < 8; k++)
            c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        table[n] = c;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    uint g = get_global_id(0);
    __global const uchar *p = data + g * len;
    uint c = 0xFFFFFFFFu;
    for (uint i = 0; i < len; i++)
        c = table[(c ^ p[i]) & 0xFF] ^ (c >> 8);
    crc[g] = c ^ 0xFFFFFFFFu;
}
