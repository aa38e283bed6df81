# `.policy` sets what `.get_policy` gives (CLRX 0.1.9: 109 until set); in raw code,
# which counts no SGPRs, any policy assembles (binaries refuse 200 and later until
# CLRX's unified SGPR counting is built: tests/data/cl2/policy_200.s).
.get_policy before
.policy 200
.get_policy after
s_endpgm
#### EXPECTED
arch GCN1.0
0000: 00 00 81 bf
sym after = 200
sym before = 109
