// Copied from rtl/lib/fg_sram_1r1w.v by fecforge gen V (git HASH). Do not edit.
