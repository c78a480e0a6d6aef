// Copied from rtl/lib/fg_rold_keep.v by fecforge gen V (git HASH). Do not edit.
