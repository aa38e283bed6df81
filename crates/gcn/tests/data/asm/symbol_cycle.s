# True cycles stay errors, reported where the cycle closes; a diamond (a symbol used
# twice on different paths) is not a cycle.
.set d0, d1 + d2
.set d1, d3
.set d2, d3
.set d3, 5
.int d0
.set x, y + 1
.set y, z
.set z, x
.int x
.set self, self
.int self
#### EXPECTED
error: symbol_cycle.s:10:9: symbol 'x' is defined in terms of itself
error: symbol_cycle.s:12:12: symbol 'self' is defined in terms of itself
