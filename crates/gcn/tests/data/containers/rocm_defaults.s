# CLRX's defaults: the ISA from the device, code version 1.0 (1.1 in the newer layout),
# kernarg size from the arguments, metadata CodeProps from the descriptor, SymbolName
# NAME@kd; register counts from the code after the kernel's label.
.rocm
.gpu GFX900
.newbinfmt
.kernel k
    .config
        .dims xy
        .use_kernarg_segment_ptr
        .arg p, "int*", 8, 8, globalbuf, i32, global
        .arg n, "int", 4, 4, value, i32
        .arg , "", 8, 8, gox, i64
.text
k:
    .skip 256
    v_mov_b32 v5, s9
    s_endpgm
#### EXPECTED
rocm isa (9, 0, 0) new_format true eflags 2
kernel k at 0x0
code
    0000: 01 00 00 00 01 00 00 00 01 00 09 00 00 00 00 00
    0010: 00 01 00 00 00 00 00 00 00 00 00 00 00 00 00 00
    0020: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
    0030: 01 00 0c 00 84 09 00 00 08 00 00 00 00 00 00 00
    0040: 00 00 00 00 00 00 00 00 18 00 00 00 00 00 00 00
    0050: 00 00 00 00 06 00 06 00 00 00 00 00 00 00 00 00
    0060: 00 00 00 00 04 04 04 06 00 00 00 00 00 00 00 00
    0070: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
    0080: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
    0090: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
    00a0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
    00b0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
    00c0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
    00d0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
    00e0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
    00f0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
    0100: 09 02 0a 7e 00 00 81 bf
metadata
---
Version:         [ 1, 0 ]
Kernels:         
  - Name:            k
    SymbolName:      'k@kd'
    Args:            
      - Name:            p
        TypeName:        'int*'
        Size:            8
        Align:           8
        ValueKind:       GlobalBuffer
        ValueType:       I32
        AddrSpaceQual:   Global
        ActualAccQual:   Default
      - Name:            n
        TypeName:        int
        Size:            4
        Align:           4
        ValueKind:       ByValue
        ValueType:       I32
      - Size:            8
        Align:           8
        ValueKind:       HiddenGlobalOffsetX
        ValueType:       I64
    CodeProps:       
      KernargSegmentSize: 24
      GroupSegmentFixedSize: 0
      PrivateSegmentFixedSize: 0
      KernargSegmentAlign: 4
      WavefrontSize:   64
      NumSGPRs:        6
      NumVGPRs:        6
      MaxFlatWorkGroupSize: 256
...
binary 9192 bytes
