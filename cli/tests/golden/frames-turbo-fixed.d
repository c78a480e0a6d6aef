fecforge-frames 2
family turbo
code lte-40
code-digest d778f7ac89794128
channel bpsk-awgn ebn0 1 sigma 1.1448325586281447
arith fixed 5 2
content bits
length 40
count 5
encoding binary
end
Üø?ƒ<Ž8.Å/—;|è e×&Û0[