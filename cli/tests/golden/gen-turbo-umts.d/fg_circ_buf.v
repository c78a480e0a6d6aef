// Copied from rtl/lib/fg_circ_buf.v by fecforge gen V (git HASH). Do not edit.
