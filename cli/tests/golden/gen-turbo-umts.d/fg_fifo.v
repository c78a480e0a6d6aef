// Copied from rtl/lib/fg_fifo.v by fecforge gen V (git HASH). Do not edit.
