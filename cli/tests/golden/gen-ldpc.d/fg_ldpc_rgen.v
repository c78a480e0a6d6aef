// Copied from rtl/lib/fg_ldpc_rgen.v by fecforge gen V (git HASH). Do not edit.
