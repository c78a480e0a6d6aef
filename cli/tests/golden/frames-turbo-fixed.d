fecforge-frames 1
family turbo
code lte-40
code-digest d778f7ac89794128
arith fixed 5 2
content bits
length 40
count 5
encoding binary
end
Üø?ƒ<Ž8.Å/—;|è e×&Û0[