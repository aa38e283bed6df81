# What `.get_policy` gives (CLRX 0.1.9: 109 unless `--policy` or `.policy`).
.get_policy p
.int p
