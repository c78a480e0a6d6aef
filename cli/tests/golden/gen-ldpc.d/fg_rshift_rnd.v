// Copied from rtl/lib/fg_rshift_rnd.v by fecforge gen V (git HASH). Do not edit.
